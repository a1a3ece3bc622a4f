package plays

import (
	"fmt"

	"tablemate/scoring"
)

// Kind is what an imported play becomes in a league.
type Kind string

// The kinds.
const (
	OneOfSeven  Kind = "game"  // a game on a table, scored through its engine
	AnotherGame Kind = "other" // an "another game" score sheet
	Skipped     Kind = "skip"  // not imported; Reason says why
)

// How a game was recognised (Match.By).
const (
	matchSlug  = "tablemate"
	matchBGGID = "bgg-id"
	matchName  = "name"
)

// Match is how Classify sorted a play.
type Match struct {
	Kind Kind
	// Slug is the game for OneOfSeven.
	Slug string
	// By says how the game was recognised: "tablemate" (a file Tablemate
	// wrote names it), "bgg-id" (BoardGameGeek id) or "name" (its title or
	// an alternate name). A page may ask to confirm a match by name.
	By string
	// Code names the reason a play is skipped, for tests and the API:
	// quantity, incomplete, not-counted, teams, cooperative, no-points,
	// no-date, no-players, solo, player-count, no-scores, missing-score,
	// score-not-number, names.
	Code string
	// Reason says it in plain words, and Format/Args are Reason before
	// formatting, for a page to say it in the reader's language
	// (like scoring.InputError).
	Reason string
	Format string
	Args   []any
}

func skip(code, format string, args ...any) Match {
	return Match{Kind: Skipped, Code: code, Reason: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// Classify sorts an imported play: one of the seven games (recognised by
// the uuid Tablemate gave it, by BoardGameGeek id or by name, ignoring case,
// accents and filler words, alternate names included), another game, or
// skipped with the reason. A play is imported only when a league can take
// it as it is: finished, counted, scored per player (no teams), with a
// date, at least two players who all have a whole-number score and names
// a table accepts, and for the seven a player count the game allows.
func (gs *Games) Classify(p Play) Match {
	switch {
	case p.Quantity > 1:
		return skip("quantity", "this entry stands for %d plays, whose scores cannot be told apart", p.Quantity)
	case p.Incomplete:
		return skip("incomplete", "the play was not finished")
	case p.NoWinStats:
		return skip("not-counted", "the play is marked as not counted in the statistics")
	case p.Teams:
		return skip("teams", "a team game: Tablemate scores each player, not teams")
	case p.Game.Cooperative:
		return skip("cooperative", "a cooperative game: everyone wins or loses together")
	case p.Game.NoPoints:
		return skip("no-points", "%s is recorded without points", gs.Title(p.Game))
	case p.Played.IsZero():
		return skip("no-date", "the play has no date")
	case len(p.Players) == 0:
		return skip("no-players", "the play has no players")
	}
	m := gs.identify(p.Game)
	if m.Kind == OneOfSeven {
		info, _ := gs.info(m.Slug)
		if n := len(p.Players); n < info.MinPlayers || n > info.MaxPlayers {
			return skip("player-count", "%s is played by %d to %d players; this play has %d", info.Title, info.MinPlayers, info.MaxPlayers, n)
		}
	} else if len(p.Players) < 2 {
		return skip("solo", "a solo play: a league compares players")
	}
	scored := 0
	for _, pl := range p.Players {
		if pl.Score != nil {
			scored++
		}
	}
	if scored == 0 {
		return skip("no-scores", "the play has no scores")
	}
	for _, pl := range p.Players {
		switch {
		case pl.ScoreText != "":
			return skip("score-not-number", "%s's score %q is not a whole number", pl.Name, pl.ScoreText)
		case pl.Score == nil:
			return skip("missing-score", "%s has no score", pl.Name)
		}
	}
	names := make([]string, len(p.Players))
	for i, pl := range p.Players {
		names[i] = pl.Name
	}
	if err := scoring.CheckNames("players", names); err != nil {
		in := err.(*scoring.InputError)
		return skip("names", "a player's name does not fit a table: %s", in.Message)
	}
	return m
}

// identify recognises one of the seven, or says it is another game.
func (gs *Games) identify(g Game) Match {
	if _, ok := gs.info(g.Slug); ok {
		return Match{Kind: OneOfSeven, Slug: g.Slug, By: matchSlug}
	}
	if slug, ok := gs.SlugByBGGID(g.BGGID); ok {
		return Match{Kind: OneOfSeven, Slug: slug, By: matchBGGID}
	}
	for _, name := range []string{g.Name, g.BGGName} {
		slug, ok := gs.SlugByName(name)
		if !ok {
			continue
		}
		// A BoardGameGeek id that is not the game's confirmed one means a
		// different game of the same name.
		if known, _ := gs.info(slug); known.BGGID > 0 && g.BGGID > 0 && g.BGGID != known.BGGID {
			continue
		}
		return Match{Kind: OneOfSeven, Slug: slug, By: matchName}
	}
	return Match{Kind: AnotherGame}
}
