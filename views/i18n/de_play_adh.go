package i18n

// dePlayADH is German for the ADH play-along pages and the engine's refusals.
var dePlayADH = map[string]string{}
