import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale, fillCounted } from '../../i18n'
import { formatList, labelled, withAside } from './format'

/** The phrasing helpers of format.ts, bound to the reader's language (components). */
export function usePhrasing() {
  const locale = useStore($locale)
  return useMemo(
    () => ({
      locale,
      labelled: (label: string, value: string) => labelled(label, value, locale),
      withAside: (text: string, aside: string) => withAside(text, aside, locale),
      /** Names or tags shown together: 王老师、李老师和赵老师; Wang, Li, & Zhao. */
      list: (items: string[]) => formatList(items, locale),
      /** A plain-string catalogue word with `{name}`s filled and counted words in their plural form ("1 document", "2 documents"). */
      count: (template: string, values: Record<string, string | number>) => fillCounted(template, values, locale),
    }),
    [locale],
  )
}
