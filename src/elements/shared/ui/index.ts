/** The UI kit every area builds with: one import, `from '../shared/ui'`. */
export { IconButton, type IconButtonProps } from './buttons'
export { Field, FieldSet, type FieldProps, type FieldSetProps } from './field'
export { Icon, isIconName, type IconName, type IconProps } from './icons'
export { kitCss } from './kit.css'
export { stackTableCss } from './stack-table.css'
export { TablePanel, type TableColumn, type TablePanelProps } from './table-panel'
export { NavTabs, TabBar, type NavTabsProps, type TabBarProps } from './tab-bar'
export { ConfirmDialog, Modal, ModalActions, type ConfirmProps, type ModalActionsProps, type ModalProps } from './modal'
