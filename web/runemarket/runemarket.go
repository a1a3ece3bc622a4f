// Package runemarket is The Rune Market on the web: its result editor
// (each player's table cards: loose runes, shelters, boat shelters,
// bandits and what the tie-break may need), its play-along pages (every
// ledger, the four phases with the interest the engine computes, the
// prices, the end with the full tie-break chain), their view models and
// templ components, its German, its stylesheet and script. The engine is
// scoring/runemarket; the registry (web/games) bundles the two.
package runemarket

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed css js
var assets embed.FS

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: runeMarketEditor(), Pages: runeMarketPlay{}, German: kit.German(german, germanRules), Static: assets}
}
