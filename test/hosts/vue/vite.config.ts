import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// https://vite.dev/config/ — `base: './'`: the built app is served from test/hosts/vue/dist/.
export default defineConfig({
  base: './',
  plugins: [
    // Leave every a2ui-* tag to the browser's custom element registry (compile-time option).
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('a2ui-') } } }),
  ],
})
