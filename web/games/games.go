// Package games is the registry: every game Tablemate knows, one line
// each, bundling its engine (scoring/<game>) with its web package
// (web/<game>), in the order the pages offer them. The API, the pages,
// the German catalog, the static files, the CLI and the tests all read
// this list; it is the one place that imports every game.
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
	"tablemate/static"
	"tablemate/views/i18n"
	alaskaweb "tablemate/web/alaska"
	aufderhutweb "tablemate/web/aufderhut"
	cambioweb "tablemate/web/cambio"
	"tablemate/web/kit"
	kksweb "tablemate/web/kks"
	kociakiweb "tablemate/web/kociaki"
	kodiakweb "tablemate/web/kodiak"
	runemarketweb "tablemate/web/runemarket"
)

// all is the registry, in display order.
var all = []kit.Game{
	{Engine: kks.Engine{}, Web: kksweb.Web()},
	{Engine: aufderhut.Engine{}, Web: aufderhutweb.Web()},
	{Engine: kociaki.Engine{}, Web: kociakiweb.Web()},
	{Engine: cambio.Engine{}, Web: cambioweb.Web()},
	{Engine: kodiak.Engine{}, Web: kodiakweb.Web()},
	{Engine: alaska.Engine{}, Web: alaskaweb.Web()},
	{Engine: runemarket.Engine{}, Web: runemarketweb.Web()},
}

// The games' German text and static files join the shared ones before
// anything is served.
func init() {
	for _, g := range all {
		if g.German != nil {
			i18n.Register(g.German)
		}
		if g.Static != nil {
			static.Register(g.Static)
		}
	}
}

// All returns every game in display order.
func All() []kit.Game { return all }

// Find returns the game of a slug.
func Find(slug string) (kit.Game, bool) {
	for _, g := range all {
		if g.Engine.Info().Slug == slug {
			return g, true
		}
	}
	return kit.Game{}, false
}

// Engine returns the engine of a slug (a sessions.Finder).
func Engine(slug string) (scoring.Game, bool) {
	g, ok := Find(slug)
	return g.Engine, ok
}

// Engines returns every engine in display order.
func Engines() []scoring.Game {
	out := make([]scoring.Game, len(all))
	for i, g := range all {
		out[i] = g.Engine
	}
	return out
}

// Infos returns the description of every game.
func Infos() []scoring.Info {
	out := make([]scoring.Info, len(all))
	for i, g := range all {
		out[i] = g.Engine.Info()
	}
	return out
}
