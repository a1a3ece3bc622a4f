package plays

import "tablemate/scoring"

// Games is what plays knows of Tablemate's games, from their engines'
// Info: each one's slug, title, player counts, whether the fewest points
// win, its BoardGameGeek id and the other titles play loggers file it
// under. Whoever reads, writes or classifies plays builds it once from
// the registry's engines (web/games.Engines()): plays lists no game of its
// own. Its methods are the package's readers, writers and Classify.
type Games struct {
	infos  []scoring.Info
	byName map[string]string // every folded title, slug and other title
	byUUID map[string]string // the uuid of each game in the files written
}

// NewGames describes the games of engines, in their order.
func NewGames(engines ...scoring.Game) *Games {
	gs := &Games{byName: map[string]string{}, byUUID: map[string]string{}}
	for _, e := range engines {
		info := e.Info()
		gs.infos = append(gs.infos, info)
		for _, n := range append([]string{info.Slug, info.Title}, info.AlsoKnownAs...) {
			gs.byName[Fold(n)] = info.Slug
		}
		gs.byUUID[gameUUID(Game{Slug: info.Slug})] = info.Slug
	}
	return gs
}

// info returns the Info of a slug.
func (gs *Games) info(slug string) (scoring.Info, bool) {
	for _, info := range gs.infos {
		if info.Slug == slug {
			return info, true
		}
	}
	return scoring.Info{}, false
}

// KnownGame returns the Game of one of the games: its slug, title,
// whether the fewest points win and its BoardGameGeek id where one is
// known.
func (gs *Games) KnownGame(slug string) (Game, bool) {
	info, ok := gs.info(slug)
	if !ok {
		return Game{}, false
	}
	return Game{Slug: info.Slug, Name: info.Title, BGGID: info.BGGID, LowestWins: info.LowestWins}, true
}

// Title is a game's name as a page shows it: its own name, else the
// title of the game its slug names, else its BoardGameGeek name.
func (gs *Games) Title(g Game) string {
	if g.Name != "" {
		return g.Name
	}
	if k, ok := gs.KnownGame(g.Slug); ok {
		return k.Name
	}
	return g.BGGName
}
