/** The knowledge library's own look: dataset cards, the document list and its statuses. */
export const knowledgeLibraryCss = `
:host { display: block; }
.knowledge { display: flex; flex-direction: column; gap: 14px; }
.detail { position: relative; display: flex; flex-direction: column; gap: 14px; min-height: 300px; }
.detail.dragging { outline: 2px dashed var(--_primary); outline-offset: 6px; border-radius: var(--_radius); }
.titles { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.library-title { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.intro { margin: 0; color: var(--_text-muted); font-size: 14px; }
.back { align-self: flex-start; display: inline-flex; align-items: center; gap: 4px; border: 0; background: none; padding: 4px 6px 4px 0; color: var(--_text-muted); font: inherit; font-size: 13px; cursor: pointer; }
.back:hover { color: var(--_primary-strong); }
.back .icon { width: 16px; height: 16px; }
.dataset-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 14px; }
.dataset-card { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; width: 100%; height: 100%; padding: 16px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); color: var(--_text); font: inherit; text-align: left; cursor: pointer; transition: border-color 120ms, box-shadow 120ms; }
.dataset-card:hover { border-color: var(--_primary); box-shadow: var(--_shadow); }
.dataset-icon { display: grid; place-items: center; width: 40px; height: 40px; border-radius: 10px; background: var(--_primary-soft); color: var(--_primary-strong); }
.dataset-name { font-size: 16px; font-weight: 600; }
.dataset-desc { color: var(--_text-muted); font-size: 13px; line-height: 1.5; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.dataset-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; font-size: 12px; color: var(--_text-muted); margin-top: auto; }
.badge.visibility.private { background: var(--_bg-subtle); }
.badge.visibility.course { background: var(--_primary-soft); color: var(--_primary-strong); border-color: transparent; }
.badge.visibility.school { background: color-mix(in srgb, var(--_success) 14%, transparent); color: var(--_success-strong); border-color: transparent; }
.documents { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.document { display: flex; gap: 12px; align-items: flex-start; padding: 12px 14px; border: 1px solid var(--_border); border-radius: var(--_radius-small); background: var(--_bg-elevated); }
.doc-icon { width: 28px; height: 28px; color: var(--_primary-strong); margin-top: 2px; }
.doc-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.doc-line { display: flex; align-items: center; gap: 10px; min-width: 0; }
.doc-name { font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.doc-meta { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; color: var(--_text-muted); }
.status { display: inline-flex; align-items: center; gap: 6px; flex: none; height: 22px; padding: 0 8px; border-radius: 11px; font-size: 12px; font-weight: 500; background: var(--_bg-subtle); color: var(--_text-muted); }
.status.ready { background: color-mix(in srgb, var(--_success) 14%, transparent); color: var(--_success-strong); }
.status.error { background: color-mix(in srgb, var(--_danger) 12%, transparent); color: var(--_danger-strong); }
.status.queued, .status.parsing, .status.indexing { background: var(--_primary-soft); color: var(--_primary-strong); }
.spinner { width: 10px; height: 10px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin 0.8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.doc-error, .doc-note { display: flex; gap: 6px; align-items: flex-start; margin: 2px 0 0; font-size: 13px; line-height: 1.5; }
.doc-error { color: var(--_danger); }
.doc-note { color: var(--_warning); }
.doc-error .icon, .doc-note .icon { width: 15px; height: 15px; margin-top: 2px; }
@media (max-width: 640px) {
  .document { flex-wrap: wrap; }
  .row-actions { width: 100%; justify-content: flex-end; }
  .dataset-grid { grid-template-columns: 1fr; }
}
`
