package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tablemate/scoring"
)

// An evening is one table on which several games are played, of one kind
// or of several: the players are named once, and before each game the
// table may choose which game comes next (KindGameChosen). A table whose
// log has no such event plays the game it was started with, as every
// table did before evenings (its log replays unchanged).

// KindGameChosen records the game the table plays next.
const KindGameChosen Kind = "game_chosen"

// GameChosen says which game the table plays from now on, with that
// game's options and who starts it ("" for seat order).
type GameChosen struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	First   string          `json:"first,omitempty"`
}

// playing is the game a table plays now, as a choice undoes back to it.
type playing struct {
	info    scoring.Info
	engine  scoring.Game
	options json.RawMessage
	first   string
}

func (t *Table) setPlaying(p playing) {
	t.Info, t.engine, t.Options, t.First = p.info, p.engine, p.options, p.first
}

// choose applies a chosen game, keeping the one before for an undo.
func (t *Table) choose(g GameChosen, fx *effect) error {
	engine, ok := t.find(g.Game)
	if !ok {
		return fmt.Errorf("unknown game %q", g.Game)
	}
	fx.chosen = &playing{info: t.Info, engine: t.engine, options: t.Options, first: t.First}
	t.setPlaying(playing{info: engine.Info(), engine: engine, options: g.Options, first: g.First})
	return nil
}

// ChooseGame makes the next games of the table games of g.Game, with
// g.First starting (the table's players, seat order when empty).
func (ts *Tables) ChooseGame(ctx context.Context, edit string, seen int, token string, g GameChosen) (Appended, error) {
	return ts.command(ctx, edit, seen, token, repeat{kind: KindGameChosen}, func(t Table) (decision, error) { return ts.decideChoose(t, g) })
}

// decideChoose refuses a choice while a game is still going on (played
// along, or a round game not over), for a game the seated players cannot
// play, or with a first player who is not seated.
func (ts *Tables) decideChoose(t Table, g GameChosen) (decision, error) {
	engine, ok := ts.find(g.Game)
	if !ok {
		return decision{}, scoring.Errorf("game", "choose one of the games")
	}
	info := engine.Info()
	if t.Play != nil {
		return decision{}, scoring.Errorf("game", "a game is being played along at this table; finish or undo it before choosing the next game")
	}
	if cur, going := t.InProgress(); going {
		return decision{}, scoring.Errorf("game", "game %d is not over yet; finish or undo its rounds before choosing the next game", cur.Number)
	}
	if n := len(t.Players); n < info.MinPlayers || n > info.MaxPlayers {
		return decision{}, scoring.Errorf("game", "%s is played by %d to %d players, and %d sit at this table", info.Title, info.MinPlayers, info.MaxPlayers, n)
	}
	if g.First != "" && !slices.Contains(t.Players, g.First) {
		return decision{}, scoring.Errorf("first", "%q is not a player at this table", g.First)
	}
	if len(g.Options) > 0 && (len(g.Options) > maxOptionsLen || !isObject(g.Options)) {
		return decision{}, scoring.Errorf("options", "a table's options are a JSON object of at most %d bytes", maxOptionsLen)
	}
	return decision{kind: KindGameChosen, payload: g}, nil
}

// InProgress returns the round game that is not over yet, if any: the
// table's last game, when it is scored round by round.
func (t Table) InProgress() (Game, bool) {
	if t.Games.Len() == 0 {
		return Game{}, false
	}
	g := t.Games.At(t.Games.Len() - 1)
	if _, rounds := g.engine.(scoring.Rounds); !rounds || g.Result().GameOver || g.Unfinished {
		return Game{}, false
	}
	return g, true
}

// LowestWins reports whether the fewest points win game g: its game's
// rule, or what its sheet says (another game).
func (g Game) LowestWins() bool {
	if s, ok := g.engine.(scoring.Sheet); ok {
		_, lowest := s.SheetOf(g.State)
		return lowest
	}
	return g.Info.LowestWins
}

// Sheet is the name the table gave another game's sheet; "" for a game
// with rules.
func (g Game) Sheet() string {
	if s, ok := g.engine.(scoring.Sheet); ok {
		name, _ := s.SheetOf(g.State)
		return strings.TrimSpace(name)
	}
	return ""
}

// Kind tells the games apart that an evening may sum: the game's slug,
// and for another game's sheet its name too.
func (g Game) Kind() string { return KindOf(g.Info.Slug, g.Sheet()) }

// KindOf is the kind of a game of slug: for another game's sheet, named
// sheet, the slug and the name whatever its case ("Skat" and "skat" are
// one game, "Skat" and "Golf" two).
func KindOf(slug, sheet string) string {
	if sheet == "" {
		return slug
	}
	return slug + ":" + strings.ToLower(sheet)
}

// Finished reports whether game g is over: it was read, a round game has
// reached its end and a game played along was played to its end (its
// record's Over). Whether it counts is its record's Counted.
func (g Game) Finished() bool { return g.Record.Over }

// Rounds is the number of rounds entered of a round game.
func (g Game) Rounds() int {
	n := 0
	for _, p := range g.Result().Players {
		n = max(n, len(p.Rounds))
	}
	return n
}

// Engine is the engine that scored a recorded round (nil for other
// events).
func (e LogEntry) Engine() scoring.Game { return e.engine }

// Kinds are the games of an evening, as slugs, in the order first played
// and the game played now last; nil while the table played only the game
// it was started with.
func (t Table) Kinds() []string {
	var out []string
	for _, g := range t.Games.All() {
		if !slices.Contains(out, g.Info.Slug) {
			out = append(out, g.Info.Slug)
		}
	}
	if !slices.Contains(out, t.Info.Slug) {
		out = append(out, t.Info.Slug)
	}
	if len(out) == 1 && out[0] == t.Opened {
		return nil
	}
	return out
}
