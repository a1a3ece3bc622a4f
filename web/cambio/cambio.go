// Package cambio is Cambio on the web: its round editor (how the round
// ended and each player's cards, tapped on a pad), its play-along pages
// (dealer by rotation, whose turn, Cambio! and everyone's last turn,
// penalty cards, each round's scoring), their view models and templ
// components, its German, its stylesheet and the cards pad's script.
// The engine is scoring/cambio; the registry (web/games) bundles the two.
//
// Kodiak is played with the same deck, round by round too: its pages
// (web/kodiak) are built from the round editor's and the play-along
// parts exported here (RoundForm, RoundVM, PlayEntry, PlayTotals, …) and
// use the stylesheet and the script, as its engine builds on Cambio's.
package cambio

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed css js
var assets embed.FS

// Stylesheet and Script are the round games' stylesheet (the play-along
// pages) and the cards pad's script (the round editors), which Kodiak's
// pages load too.
const (
	Stylesheet = "css/play-cambio.css"
	Script     = "js/cards.js"
)

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: cambioEditor(), Pages: cambioPlay{}, German: kit.German(german, germanRules), Static: assets}
}
