import { useStore } from '@nanostores/react'
import type { ModelInfo } from '../../api/chat'
import { $chatMessages } from '../../i18n'
import {
  $activeMode,
  $compareModels,
  $currentModel,
  $modelCatalogue,
  compareCandidates,
  isImageModel,
  MAX_COMPARE,
  MIN_COMPARE,
  pickModel,
  setCompareVersion,
  toggleCompareModel,
} from '../../stores/chat'
import { showToast } from '../../stores/toasts'
import { Icon } from '../shared/ui'
import { Popover } from './popover'
import { styles } from '../shared/styles'

/**
 * The model (and version) the next question goes to; in a compare chat the
 * 2–4 models asked. What is listed is what the server is configured with.
 */
export function ModelPicker() {
  const t = useStore($chatMessages)
  const catalogue = useStore($modelCatalogue)
  const current = useStore($currentModel)
  const compare = useStore($compareModels)
  const mode = useStore($activeMode)
  if (!catalogue || !current) return <span className="model-placeholder" aria-hidden="true" />

  const labelOf = (name: string) => catalogue.models.find(m => m.name === name)?.label ?? name
  const trigger =
    mode === 'v2' ? (
      <>
        <Icon name="columns" />
        <span className="picker-label">{compare.map(c => labelOf(c.model)).join(' · ')}</span>
        <Icon name="chevronDown" />
      </>
    ) : (
      <>
        <span className="picker-label">{current.info.label}</span>
        {current.version && current.info.versions.length > 1 ? <span className="picker-version">{current.version}</span> : null}
        <Icon name="chevronDown" />
      </>
    )

  return (
    <Popover trigger={trigger} label={t.pickModel} testId="model-picker" className="model-picker">
      {close =>
        mode === 'v2' ? (
          <div className="model-menu" data-testid="compare-menu">
            <p className="model-menu-hint">{t.compareHint}</p>
            {compareCandidates(catalogue).map(info => {
              const picked = compare.find(c => c.model === info.name)
              return (
                <ModelRow
                  key={info.name}
                  info={info}
                  selected={!!picked}
                  multiple
                  version={picked?.version}
                  onPick={() => {
                    if (!toggleCompareModel(info.name, info.versions[0])) showToast('warning', t.compareLimits({ min: MIN_COMPARE, max: MAX_COMPARE }))
                  }}
                  onVersion={version => (picked ? setCompareVersion(info.name, version) : toggleCompareModel(info.name, version))}
                />
              )
            })}
          </div>
        ) : (
          <div className="model-menu" role="listbox" aria-label={t.model}>
            {catalogue.models.map(info => (
              <ModelRow
                key={info.name}
                info={info}
                selected={info.name === current.info.name}
                version={info.name === current.info.name ? current.version : undefined}
                onPick={() => {
                  pickModel(info.name)
                  close()
                }}
                onVersion={version => {
                  pickModel(info.name, version)
                  close()
                }}
              />
            ))}
          </div>
        )
      }
    </Popover>
  )
}

function ModelRow({
  info,
  selected,
  multiple = false,
  version,
  onPick,
  onVersion,
}: {
  info: ModelInfo
  selected: boolean
  multiple?: boolean
  version?: string
  onPick: () => void
  onVersion: (version: string) => void
}) {
  const t = useStore($chatMessages)
  return (
    <div className="model-row" data-model={info.name} data-selected={selected || undefined}>
      <button
        type="button"
        className="model-option"
        role={multiple ? 'checkbox' : 'option'}
        aria-checked={multiple ? selected : undefined}
        aria-selected={multiple ? undefined : selected}
        data-testid="model-option"
        onClick={onPick}>
        <span className={multiple ? 'model-check square' : 'model-check'}>{selected ? <Icon name="check" /> : null}</span>
        <span className="model-name">{info.label}</span>
        {info.builtin ? <span className="badge">{t.builtinBadge}</span> : null}
        {info.vision ? <span className="badge primary">{t.visionBadge}</span> : null}
        {isImageModel(info) ? <span className="badge primary">{t.imageModelTag}</span> : null}
      </button>
      {info.versions.length > 1 ? (
        <div className="model-versions" role="group" aria-label={t.version}>
          {info.versions.map(v => (
            <button
              key={v}
              type="button"
              className="version-chip"
              aria-pressed={selected && v === version}
              data-version={v}
              data-testid="model-version"
              onClick={() => onVersion(v)}>
              {v}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

export const modelPickerCss = `
.model-picker .popover-trigger { max-width: min(420px, 52vw); }
.picker-label { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.picker-version {
  flex: none; padding: 1px 7px; border-radius: 6px; font-size: 12px; font-weight: 500;
  background: var(--_bg-subtle); color: var(--_text-muted); border: 1px solid var(--_border);
}
.model-placeholder { display: inline-block; width: 120px; height: 20px; border-radius: 6px; background: var(--_bg-hover); }
.model-menu { display: flex; flex-direction: column; gap: 2px; }
.model-menu-hint { margin: 4px 8px 6px; font-size: 12px; color: var(--_text-muted); }
.model-row { border-radius: 10px; padding: 2px; }
.model-row[data-selected] { background: var(--_primary-soft); }
.model-option {
  width: 100%; display: flex; align-items: center; gap: 8px; min-height: 38px; padding: 0 8px;
  border: 0; border-radius: 8px; background: none; color: var(--_text); font: inherit; font-size: 14px; text-align: left; cursor: pointer;
}
.model-option:hover { background: var(--_bg-hover); }
.model-check {
  display: grid; place-items: center; width: 18px; height: 18px; flex: none; border-radius: 50%;
  border: 1.5px solid var(--_border); color: var(--_on-primary);
}
.model-check.square { border-radius: 5px; }
.model-row[data-selected] .model-check { background: var(--_primary); border-color: var(--_primary); }
.model-check .icon { width: 12px; height: 12px; stroke-width: 3; }
.model-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.model-versions { display: flex; flex-wrap: wrap; gap: 6px; padding: 2px 8px 8px 34px; }
.version-chip {
  height: 26px; padding: 0 10px; border-radius: 13px; border: 1px solid var(--_border);
  background: var(--_bg-elevated); color: var(--_text-muted); font: inherit; font-size: 12px; cursor: pointer;
}
.version-chip:hover { border-color: var(--_primary); color: var(--_text); }
.version-chip[aria-pressed='true'] { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary); }
`

ModelPicker.styles = styles(Popover, modelPickerCss)
