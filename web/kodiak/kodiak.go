// Package kodiak is Kodiak on the web: its round editor (who was Kodiak,
// each player's cards, pounces and hairballs), its play-along pages (the
// Kodiak by rotation, pounces, hairballs, each round's scoring), their
// view models and templ components and its German. The engine is
// scoring/kodiak; the registry (web/games) bundles the two. Kodiak uses
// the Cambio deck: its pages are built from Cambio's round parts
// (web/cambio) and load its stylesheet and cards script.
package kodiak

import "tablemate/web/kit"

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: kodiakEditor(), Pages: kodiakPlay{}, German: kit.German(german, germanRules)}
}
