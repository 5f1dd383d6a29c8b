import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import App from './App.tsx'
import McpWidget from './McpWidget.tsx'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <McpWidget />
  </StrictMode>,
)
