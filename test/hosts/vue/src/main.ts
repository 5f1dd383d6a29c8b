import { createApp, h } from 'vue'
import App from './App.vue'
import McpWidget from './McpWidget.vue'

createApp({ render: () => [h(App), h(McpWidget)] }).mount('#app')
