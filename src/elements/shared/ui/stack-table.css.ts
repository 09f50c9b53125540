/**
 * A table that becomes one card per row on a phone (`<table className="stack-table">`): the
 * header row goes, and each cell names its column from its `data-label`, on its own line so no
 * language's punctuation is written here. A cell marked `.wide` takes the card's whole width
 * (titles, actions). Part of kitCss; an element without the kit lists it on its own.
 */
export const stackTableCss = `
@media (max-width: 640px) {
  table.stack-table, table.stack-table > tbody, table.stack-table > * > tr, table.stack-table > * > tr > td { display: block; width: 100%; }
  table.stack-table > thead { display: none; }
  table.stack-table > * > tr {
    display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px 12px; padding: 12px; margin-bottom: 10px;
    border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated);
  }
  table.stack-table > * > tr > td { padding: 0; border: none; text-align: left !important; min-width: 0; max-width: none; white-space: normal; overflow-wrap: anywhere; }
  table.stack-table > * > tr > td[data-label]::before { content: attr(data-label); display: block; margin-bottom: 2px; color: var(--_text-muted); font-size: 12px; font-weight: 400; }
  table.stack-table > * > tr > td.wide { grid-column: 1 / -1; }
}
`
