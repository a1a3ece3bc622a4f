package i18n

// dePlayKociaki is German for the Kociaki play-along pages and the engine's refusals.
var dePlayKociaki = map[string]string{}
