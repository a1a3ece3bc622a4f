// Package games lists every game engine Tablemate knows, in the order the
// pages offer them. It is the one place that imports all engines.
package games

import (
	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/scoring/aufderhut"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	"tablemate/scoring/kociaki"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/runemarket"
)

// All returns every engine in display order.
func All() []scoring.Game {
	return []scoring.Game{
		kks.Engine{},
		aufderhut.Engine{},
		kociaki.Engine{},
		cambio.Engine{},
		kodiak.Engine{},
		alaska.Engine{},
		runemarket.Engine{},
	}
}

// Find returns the engine for a slug.
func Find(slug string) (scoring.Game, bool) {
	for _, g := range All() {
		if g.Info().Slug == slug {
			return g, true
		}
	}
	return nil, false
}

// Infos returns the description of every game.
func Infos() []scoring.Info {
	all := All()
	out := make([]scoring.Info, len(all))
	for i, g := range all {
		out[i] = g.Info()
	}
	return out
}
