package games

import (
	"context"

	"tablemate/sessions"
	"tablemate/views/i18n"
)

// Title is what a game of slug is called in lists, in the reader's
// language for another game (a sheet's own name is its table's
// business); the slug itself for a game the registry does not know.
func Title(ctx context.Context, slug string) string {
	if slug == Another().Engine.Info().Slug {
		return i18n.T(ctx, "Another game")
	}
	if g, ok := Find(slug); ok {
		return g.Engine.Info().Title
	}
	return slug
}

// KindTitle is what a game of slug is called: the name the table gave
// another game's sheet (sheet), else the game's Title.
func KindTitle(ctx context.Context, slug, sheet string) string {
	if sheet != "" {
		return sheet
	}
	return Title(ctx, slug)
}

// PlayingTitle is what table t plays now, as the pages call it: the
// game's title, or the name the table gave the sheet it keeps (the
// newest game's, when it is of the game played now), in the reader's
// language.
func PlayingTitle(ctx context.Context, t sessions.Table) string {
	if n := t.Games.Len(); n > 0 {
		if r := t.Games.At(n - 1).Record; r.Game == t.Info.Slug {
			return KindTitle(ctx, r.Game, r.Sheet)
		}
	}
	return Title(ctx, t.Info.Slug)
}
