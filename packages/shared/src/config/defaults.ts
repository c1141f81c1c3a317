import { SETTINGS, type SettingValues } from './settings.js';

type WithDefault = { [K in keyof SettingValues]-?: undefined extends SettingValues[K] ? never : K }[keyof SettingValues];

/**
 * A setting's default, as `Config` holds it. Packages that take the value as an option fall back to this, so a
 * default is written once, in SETTINGS, whether the value comes from the environment or from a caller's omission.
 */
export function settingDefault<K extends WithDefault>(name: K): SettingValues[K] {
  return SETTINGS[name].schema.parse(undefined) as SettingValues[K];
}
