// Package kks is Koffer, Katze & Sombrero on the web: its result editor
// (the display of each colour stack), its play-along pages (lay the row,
// then each turn's take and the card turned up), their view models and
// templ components, its German and its script (js/play.js). The engine
// is scoring/kks; the registry (web/games) bundles the two.
package kks

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed js css
var assets embed.FS

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: kksEditor(), Pages: kksPlay{}, German: kit.German(german, germanRules), Static: assets}
}
