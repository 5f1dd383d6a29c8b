/**
 * Every basic component element defined up front: what the package's bundler entries import (with
 * src/eager.ts, every piece of the core), so a surface renders each component in its first
 * frame with no load on first use. The script-tag file defines only the common ones
 * (build/entries/first-load.ts); `marked`, the Icon paths and the MCP Apps code stay on first use
 * everywhere (a bundler splits them off as well).
 *
 * @module
 */
import { defineComponents } from './components/on-demand.ts';
import { A2uiList } from './components/list.ts';
import { A2uiCard } from './components/card.ts';
import { A2uiDivider } from './components/divider.ts';
import { A2uiButton } from './components/button.ts';
import { A2uiTextField } from './components/text-field.ts';
import { A2uiImage } from './components/image.ts';
import { A2uiIcon } from './components/icon.ts';
import { A2uiCheckBox } from './components/checkbox.ts';
import { A2uiVideo } from './components/video.ts';
import { A2uiAudioPlayer } from './components/audio-player.ts';
import { A2uiTabs } from './components/tabs.ts';
import { A2uiModal } from './components/modal.ts';
import { A2uiDateTimeInput } from './components/date-time-input.ts';
import { A2uiChoicePicker } from './components/choice-picker.ts';
import { A2uiSlider } from './components/slider.ts';

defineComponents({
  List: A2uiList,
  Card: A2uiCard,
  Divider: A2uiDivider,
  Button: A2uiButton,
  TextField: A2uiTextField,
  Image: A2uiImage,
  Icon: A2uiIcon,
  CheckBox: A2uiCheckBox,
  Video: A2uiVideo,
  AudioPlayer: A2uiAudioPlayer,
  Tabs: A2uiTabs,
  Modal: A2uiModal,
  DateTimeInput: A2uiDateTimeInput,
  ChoicePicker: A2uiChoicePicker,
  Slider: A2uiSlider,
});
