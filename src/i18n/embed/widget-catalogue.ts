import type { widgetZhCN } from './widget-zh-CN'

/** A translation of the panel's words: every key of the base, as plain strings ({names} kept). */
export type WidgetCatalogue = { [Key in keyof typeof widgetZhCN]: string }
