export interface TabBarProps<K extends string> {
  /** [key, label] in order. */
  tabs: ReadonlyArray<readonly [K, string]>
  active: K
  onSelect: (key: K) => void
  /** Each tab's `data-testid` is this plus its key (`admin-tab-people`). */
  testIdPrefix: string
}

/** A row of tabs above one `role="tabpanel"`: the managers' pages (school admin, AI credits). `.tabs`/`.tab` are styled by the area. */
export function TabBar<K extends string>({ tabs, active, onSelect, testIdPrefix }: TabBarProps<K>) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={active === key}
          className={active === key ? 'tab active' : 'tab'}
          data-testid={`${testIdPrefix}${key}`}
          onClick={() => onSelect(key)}>
          {label}
        </button>
      ))}
    </div>
  )
}
