package games

import (
	"context"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views/i18n"
)

// Title is what a game of slug is called in lists, in the reader's
// language for another game (a sheet's own name is its table's
// business); the slug itself for a game the registry does not know.
func Title(ctx context.Context, slug string) string {
	return i18n.Say(ctx, TitlePhrase(slug))
}

// TitlePhrase is Title kept as a phrase, said when a page is rendered:
// "Another game" is a catalog word, a game's own title and an unknown
// slug are names, never looked up.
func TitlePhrase(slug string) scoring.Phrase {
	if slug == Another().Engine.Info().Slug {
		return scoring.Phrasef("Another game")
	}
	if g, ok := Find(slug); ok {
		return scoring.Verbatim(g.Engine.Info().Title)
	}
	return scoring.Verbatim(slug)
}

// KindTitle is what a game of slug is called: the name the table gave
// another game's sheet (sheet), else the game's Title.
func KindTitle(ctx context.Context, slug, sheet string) string {
	return i18n.Say(ctx, KindPhrase(slug, sheet))
}

// KindPhrase is KindTitle kept as a phrase (a sheet's name is a name).
func KindPhrase(slug, sheet string) scoring.Phrase {
	if sheet != "" {
		return scoring.Verbatim(sheet)
	}
	return TitlePhrase(slug)
}

// PlayingTitle is what table t plays now, as the pages call it: the
// game's title, or the name the table gave the sheet it keeps (the
// newest game's, when it is of the game played now), in the reader's
// language.
func PlayingTitle(ctx context.Context, t sessions.Table) string {
	return i18n.Say(ctx, PlayingPhrase(t))
}

// PlayingPhrase is PlayingTitle kept as a phrase.
func PlayingPhrase(t sessions.Table) scoring.Phrase {
	if n := t.Games.Len(); n > 0 {
		if r := t.Games.At(n - 1).Record; r.Game == t.Info.Slug {
			return KindPhrase(r.Game, r.Sheet)
		}
	}
	return TitlePhrase(t.Info.Slug)
}
