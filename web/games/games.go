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
	"tablemate/scoring/sheet"
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
	sheetweb "tablemate/web/sheet"
)

// every is the registry, one line per game, in display order.
var every = []kit.Game{
	{Engine: kks.Engine{}, Web: kksweb.Web()},
	{Engine: aufderhut.Engine{}, Web: aufderhutweb.Web()},
	{Engine: kociaki.Engine{}, Web: kociakiweb.Web()},
	{Engine: cambio.Engine{}, Web: cambioweb.Web()},
	{Engine: kodiak.Engine{}, Web: kodiakweb.Web()},
	{Engine: alaska.Engine{}, Web: alaskaweb.Web()},
	{Engine: runemarket.Engine{}, Web: runemarketweb.Web()},
	{Engine: sheet.Engine{}, Web: sheetweb.Web()},
}

// all are the games with rules; another is "another game": a plain score
// sheet a table may keep for a game Tablemate has no rules for, the one
// entry whose engine is a scoring.Sheet. It is a game of the table
// (Find, TableEngine) but not one of the games with rules: the API, the
// check page and the lists of games (All, Engines, Infos) leave it out.
var all, another = func() ([]kit.Game, kit.Game) {
	var rules []kit.Game
	var sheets []kit.Game
	for _, g := range every {
		if _, ok := g.Engine.(scoring.Sheet); ok {
			sheets = append(sheets, g)
		} else {
			rules = append(rules, g)
		}
	}
	if len(sheets) != 1 {
		panic("games: the registry needs exactly one score sheet (an engine that is a scoring.Sheet)")
	}
	return rules, sheets[0]
}()

// The games' German text, rulings and static files join the shared ones
// before anything is served.
func init() {
	for _, g := range every {
		if g.German != nil {
			i18n.Register(g.German)
		}
		if r, ok := g.Engine.(scoring.Ruled); ok {
			i18n.RegisterRulings(r.Rulebook().Rulings)
		}
		if g.Static != nil {
			static.Register(g.Static)
		}
	}
}

// Every returns every entry of the registry in display order: the games
// with rules and another game (the structure tests walk it).
func Every() []kit.Game { return every }

// All returns every game with rules in display order.
func All() []kit.Game { return all }

// Another is "another game", the plain score sheet.
func Another() kit.Game { return another }

// TableEngine returns the engine of a slug a table may play: one of the
// games, or another game (a sessions.Finder).
func TableEngine(slug string) (scoring.Game, bool) {
	g, ok := Find(slug)
	return g.Engine, ok
}

// Find returns the game of a slug a table may play: one of the games, or
// another game.
func Find(slug string) (kit.Game, bool) {
	for _, g := range every {
		if g.Engine.Info().Slug == slug {
			return g, true
		}
	}
	return kit.Game{}, false
}

// Engine returns the engine of one of the games with rules (the API's,
// the check page's); another game is not one.
func Engine(slug string) (scoring.Game, bool) {
	for _, g := range all {
		if g.Engine.Info().Slug == slug {
			return g.Engine, true
		}
	}
	return nil, false
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
