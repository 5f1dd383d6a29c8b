/**
 * What the script-tag file holds besides the core and `<a2ui-surface>`: the pieces a typical
 * surface needs, provided up front so that a surface that arrives whole is applied at once and
 * paints in one frame (issue 35) — the schema validator, the validators and formatters, and the
 * common components. build/pieces.mjs is the table (FIRST_LOAD there); the
 * build checks this file imports exactly those modules. Everything else loads on first use, in a
 * file of its own whose name changes with its content.
 */
import * as validation from '../../src/validation.ts';
import * as validators from '../../src/functions/basic/validators.ts';
import * as formatString from '../../src/functions/basic/format-string.ts';
import * as formatDate from '../../src/functions/basic/format-date.ts';
import * as numberFunctions from '../../src/functions/basic/number-functions.ts';
import { PIECES } from '../../src/pieces.ts';
import { defineComponents } from '../../elements/components/on-demand.ts';
import { A2uiList } from '../../elements/components/list.ts';
import { A2uiCard } from '../../elements/components/card.ts';
import { A2uiDivider } from '../../elements/components/divider.ts';
import { A2uiButton } from '../../elements/components/button.ts';
import { A2uiTextField } from '../../elements/components/text-field.ts';
import { A2uiImage } from '../../elements/components/image.ts';
import { A2uiIcon } from '../../elements/components/icon.ts';
import { A2uiCheckBox } from '../../elements/components/checkbox.ts';
import { A2uiDateTimeInput } from '../../elements/components/date-time-input.ts';
import { A2uiChoicePicker } from '../../elements/components/choice-picker.ts';
import { A2uiSlider } from '../../elements/components/slider.ts';

PIECES.schemaValidator.provide(validation);
PIECES.basicValidators.provide(validators);
PIECES.templateFormatter.provide(formatString);
PIECES.dateFormatter.provide(formatDate);
PIECES.numberFunctions.provide(numberFunctions);

defineComponents({
  List: A2uiList,
  Card: A2uiCard,
  Divider: A2uiDivider,
  Button: A2uiButton,
  TextField: A2uiTextField,
  Image: A2uiImage,
  Icon: A2uiIcon,
  CheckBox: A2uiCheckBox,
  DateTimeInput: A2uiDateTimeInput,
  ChoicePicker: A2uiChoicePicker,
  Slider: A2uiSlider,
});
