package i18n

// dePlayAlaska is German for the Alaska play-along pages and the engine's refusals.
var dePlayAlaska = map[string]string{}
