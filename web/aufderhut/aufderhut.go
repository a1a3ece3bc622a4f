// Package aufderhut is Auf der Hut on the web: its result editor (each
// player's characters, bald heads and wonderhats, with the covering drawn
// on the result page), its play-along pages (the display, look, swap and
// reveal), their view models and templ components, its German, its
// stylesheet and script. The engine is scoring/aufderhut; the registry
// (web/games) bundles the two.
package aufderhut

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed css js
var assets embed.FS

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: adhEditor(), Pages: adhPlay{}, German: kit.German(german, germanRules), Static: assets}
}
