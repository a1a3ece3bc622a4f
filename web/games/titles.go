package games

import (
	"tablemate/scoring"
	"tablemate/sessions"
)

// TitlePhrase is what a game of slug is called in lists, said when a
// page is rendered: "Another game" is a catalog word (a sheet's own name
// is its table's business), a game's own title and an unknown slug (the
// registry does not know it) are names, never looked up.
func TitlePhrase(slug string) scoring.Phrase {
	if slug == Another().Engine.Info().Slug {
		return scoring.Phrasef("Another game")
	}
	if g, ok := Find(slug); ok {
		return scoring.Verbatim(g.Engine.Info().Title)
	}
	return scoring.Verbatim(slug)
}

// KindPhrase is what a game of slug is called: the name the table gave
// another game's sheet (sheet, a name), else the game's TitlePhrase.
func KindPhrase(slug, sheet string) scoring.Phrase {
	if sheet != "" {
		return scoring.Verbatim(sheet)
	}
	return TitlePhrase(slug)
}

// PlayingPhrase is what table t plays now, as the pages call it: the
// game's title, or the name the table gave the sheet it keeps (the
// newest game's, when it is of the game played now).
func PlayingPhrase(t sessions.Table) scoring.Phrase {
	if n := t.Games.Len(); n > 0 {
		if r := t.Games.At(n - 1).Record; r.Game == t.Info.Slug {
			return KindPhrase(r.Game, r.Sheet)
		}
	}
	return TitlePhrase(t.Info.Slug)
}
