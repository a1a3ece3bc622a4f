package i18n

// dePlayRuneMarket is German for the RuneMarket play-along pages and the engine's refusals.
var dePlayRuneMarket = map[string]string{}
