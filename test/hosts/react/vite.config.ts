import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// https://vite.dev/config/ — `base: './'`: the built app is served from test/hosts/react/dist/.
export default defineConfig({
  base: './',
  plugins: [react()],
})
