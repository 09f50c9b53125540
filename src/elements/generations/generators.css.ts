/** Styles of the generator pages (one column on phones, form beside the gallery from 900px). */
export const generatorsCss = `
:host { display: block; }
.generator { max-width: 1200px; margin: 0 auto; padding: 24px 20px 48px; box-sizing: border-box; }
.generator-head h1 { margin: 0 0 4px; font-size: 22px; }
.generator-head p { margin: 0 0 20px; color: var(--_text-muted); }
.generator-body { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 900px) { .generator-body { grid-template-columns: minmax(320px, 400px) minmax(0, 1fr); align-items: start; } }
.generator-form form { display: flex; flex-direction: column; gap: 14px; }
.prompt { width: 100%; box-sizing: border-box; resize: vertical; }
.choices { display: grid; grid-template-columns: repeat(auto-fit, minmax(110px, 1fr)); gap: 12px; }
.choices .zx-select { width: 100%; }
.styles { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.styles legend { margin-bottom: 6px; font-size: 14px; }
.style-chip { display: inline-flex; align-items: center; padding: 4px 12px; border: 1px solid var(--_border, #ddd); border-radius: 999px; cursor: pointer; font-size: 13px; }
.style-chip input { position: absolute; opacity: 0; pointer-events: none; }
.style-chip.on { border-color: var(--_primary); color: var(--_primary-strong); background: var(--_primary-soft); }
.style-chip:focus-within { outline: 2px solid var(--zx-focus, var(--_primary)); outline-offset: 2px; }
.first-frame { display: flex; flex-direction: column; gap: 6px; align-items: flex-start; }
.frame-preview { display: flex; gap: 8px; align-items: center; }
.frame-preview img { width: 96px; height: 64px; object-fit: cover; border-radius: 6px; }
.notice { margin: 0; font-size: 12px; color: var(--_text-muted); }
.generate { align-self: stretch; min-height: 40px; }
.gallery h2 { margin: 0 0 12px; font-size: 16px; }
.job-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 14px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
.job-list.videos { grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
.job-card { border: 1px solid var(--_border, #e5e5e5); border-radius: 10px; padding: 10px; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.thumbs { display: grid; grid-template-columns: repeat(auto-fit, minmax(90px, 1fr)); gap: 6px; }
.thumb img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 6px; display: block; }
.job-prompt { margin: 0; font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.job-actions { display: flex; flex-wrap: wrap; gap: 6px; }
.button.small { padding: 4px 10px; font-size: 13px; text-decoration: none; }
.job-status { display: flex; flex-direction: column; gap: 6px; min-height: 60px; justify-content: center; }
.job-status progress { width: 100%; }
.job-error { margin: 0; color: var(--_danger, #d4380d); font-size: 13px; }
.badge[data-status='failed'] { color: var(--_danger, #d4380d); }
.player { position: relative; }
.player video { width: 100%; border-radius: 6px; background: #000; display: block; }
.ai-mark { position: absolute; right: 8px; top: 8px; padding: 2px 8px; border-radius: 6px; background: rgba(0,0,0,0.5); color: #fff; font-size: 12px; pointer-events: none; }
`
