package sessions

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"tablemate/scoring"
)

// KindGameImported records a game brought in from a play logger's file
// (BG Stats, BoardGameGeek): the totals and winners as the file gives
// them. A play file holds no cards or chips, so the engine cannot check
// it: the game counts with what the file says, and every page and export
// says "imported, not checked by the rules".
const KindGameImported Kind = "game_imported"

// GameImported is the payload of KindGameImported.
type GameImported struct {
	// Source is the file's format: "bgstats" or "bgg".
	Source string `json:"source"`
	// Play is the play's identity where it came from (a BG Stats uuid,
	// "bgg:<play id>"); a second import of the same play is skipped.
	Play string `json:"play,omitempty"`
	// Played is the wall-clock time at the table, "2006-01-02 15:04:05".
	Played   string          `json:"played"`
	Minutes  int             `json:"minutes,omitempty"`
	Location string          `json:"location,omitempty"`
	Comments string          `json:"comments,omitempty"`
	Players  []ImportedScore `json:"players"`
	// Game and BGGID are the title and the BoardGameGeek id the file
	// gives a game that is not one of the seven (kept whole, for exports;
	// the sheet's own name may be shorter).
	Game  string `json:"game,omitempty"`
	BGGID int    `json:"bgg_id,omitempty"`
	// State is the game as its engine keeps it, for a table's game that
	// is another game's score sheet (scoring.Sheet): its name, how it is
	// won and the final scores. Its totals are the players' scores.
	State json.RawMessage `json:"state,omitempty"`
}

// ImportedScore is one player's line of an imported game.
type ImportedScore struct {
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Winner bool   `json:"winner,omitempty"`
	Start  bool   `json:"start,omitempty"`
}

// PlayedLayout is how GameImported.Played is written.
const PlayedLayout = "2006-01-02 15:04:05"

// Bounds of an imported game (as sessions/plays bounds a play).
const (
	maxImportedScore    = 1_000_000_000
	maxImportedText     = 200
	maxImportedComments = 10_000
	maxImportedMinutes  = 7 * 24 * 60
	maxImportedState    = 16 << 10
	maxImportedBGGID    = 1 << 30
)

// PlayedAt is when the imported game was played (wall clock, UTC zone).
func (g GameImported) PlayedAt() time.Time {
	t, _ := time.Parse(PlayedLayout, g.Played)
	return t
}

// decideImportedGame checks an imported game against table t: every
// player seated and named once, scores within bounds, at least one
// winner, texts bounded.
func (ts *Tables) decideImportedGame(t Table, g GameImported) (decision, error) {
	switch {
	case g.Source != "bgstats" && g.Source != "bgg":
		return decision{}, scoring.Errorf("source", "must be bgstats or bgg, not %q", g.Source)
	case len(g.Play) > 100 || !utf8.ValidString(g.Play):
		return decision{}, scoring.Errorf("play", "at most 100 characters")
	case g.PlayedAt().IsZero():
		return decision{}, scoring.Errorf("played", "must be a date and time like 2024-05-11 20:15:00, not %q", g.Played)
	case g.Minutes < 0 || g.Minutes > maxImportedMinutes:
		return decision{}, scoring.Errorf("minutes", "must be between 0 and %d", maxImportedMinutes)
	case utf8.RuneCountInString(g.Location) > maxImportedText || !scoring.PlainText(g.Location):
		return decision{}, scoring.Errorf("location", "at most %d characters of plain text", maxImportedText)
	case utf8.RuneCountInString(g.Comments) > maxImportedComments || !utf8.ValidString(g.Comments):
		return decision{}, scoring.Errorf("comments", "at most %d characters", maxImportedComments)
	case utf8.RuneCountInString(g.Game) > maxImportedText || !scoring.PlainText(g.Game):
		return decision{}, scoring.Errorf("game", "at most %d characters of plain text", maxImportedText)
	case g.BGGID < 0 || g.BGGID > maxImportedBGGID:
		return decision{}, scoring.Errorf("bgg_id", "must be a BoardGameGeek id between 0 and %d", maxImportedBGGID)
	case len(g.Players) < max(t.Info.MinPlayers, 1) || len(g.Players) > t.Info.MaxPlayers:
		return decision{}, scoring.Errorf("players", "%s is played by %d to %d players, not %d", t.Info.Title, t.Info.MinPlayers, t.Info.MaxPlayers, len(g.Players))
	}
	seen := map[string]bool{}
	winners := 0
	for i, p := range g.Players {
		field := scoring.Index("players", i)
		switch {
		case !slices.Contains(t.Players, p.Name):
			return decision{}, scoring.Errorf(field+".name", "%q is not a player at this table", p.Name)
		case seen[p.Name]:
			return decision{}, scoring.Errorf(field+".name", "%q is named twice", p.Name)
		case p.Score < -maxImportedScore || p.Score > maxImportedScore:
			return decision{}, scoring.Errorf(field+".score", "must be between %d and %d", -maxImportedScore, maxImportedScore)
		}
		seen[p.Name] = true
		if p.Winner {
			winners++
		}
	}
	if winners == 0 {
		return decision{}, scoring.Errorf("players", "an imported game names at least one winner")
	}
	if err := checkImportedState(t, g); err != nil {
		return decision{}, err
	}
	return decision{kind: KindGameImported, payload: g}, nil
}

// checkImportedState checks the state an imported game keeps: a game of
// the seven keeps none (a play file holds no cards), another game's
// sheet keeps its own, finished, with the file's players and totals.
func checkImportedState(t Table, g GameImported) error {
	_, sheet := t.engine.(scoring.Sheet)
	switch {
	case !sheet && len(g.State) > 0:
		return scoring.Errorf("state", "%s is imported from its totals alone: a play file holds no cards", t.Info.Title)
	case !sheet && (g.Game != "" || g.BGGID != 0):
		return scoring.Errorf("game", "%s is one of Tablemate's games: the table names it", t.Info.Title)
	case !sheet:
		return nil
	case len(g.State) == 0:
		return scoring.Errorf("state", "another game's sheet is imported with its name and scores")
	case len(g.State) > maxImportedState:
		return scoring.Errorf("state", "at most %d bytes", maxImportedState)
	}
	res, err := t.engine.Check(g.State)
	if err != nil {
		return prefixed(err, "state")
	}
	if !res.GameOver || len(res.Players) != len(g.Players) {
		return scoring.Errorf("state", "must be the finished sheet of the game's %d players", len(g.Players))
	}
	for i, p := range g.Players {
		if r := res.Players[i]; r.Name != p.Name || r.Total != p.Score {
			return scoring.Errorf(scoring.Index("players", i), "the sheet has %s at %d, the file %s at %d", r.Name, r.Total, p.Name, p.Score)
		}
	}
	return nil
}

// importedGame is game number n as an imported game's payload gives it:
// valid and over, with the file's totals and winners, never checked by
// the engine.
func importedGame(n, seq int, info scoring.Info, engine scoring.Game, g GameImported) Game {
	res := scoring.NewResult(info.Slug)
	res.Valid, res.GameOver = true, true
	for _, p := range g.Players {
		res.Players = append(res.Players, scoring.PlayerResult{Name: p.Name, Total: p.Score, Breakdown: []scoring.Line{}})
		if p.Winner {
			res.Winners = append(res.Winners, p.Name)
		}
	}
	return Game{Number: n, Seq: seq, result: &res, Info: info, engine: engine, State: g.State, Imported: &g}
}

// ImportedPlay is one play of a file brought into a league: it became a
// game on a table, or it was skipped.
type ImportedPlay struct {
	Index int    // its place in the file, from 0
	Game  string // the game's title as the file names it
	Day   string // "2006-01-02", "" when undated
	// Table and Number say where it went (Table is the table's name).
	Table  string
	Number int
	// Skipped, when set, says why it was not imported (Format/Args in
	// the reader's language).
	Skipped bool
	Code    string
	Format  string
	Args    []any
}

// ImportedTable is one table made by a play import: its name, game,
// games and its edit link.
type ImportedTable struct {
	Name, Game string
	Games      int
	Edit       string
}

// PlaysImport is what a play import into a league made.
type PlaysImport struct {
	Plays   []ImportedPlay
	Tables  []ImportedTable
	Members []string // the members it added
}

// ImportGroup is the plays of one table to be made by ImportGames: one
// game, one set of players in seat order, one or more games.
type ImportGroup struct {
	Game    string // slug
	Name    string // the table's name
	Players []string
	Games   []GameImported
	Plays   []int // each game's place in the file (for errors and the report)
	// EveningNote is the note of the table's evening, read back from its
	// plays' comments (SplitEveningNote); "" for none.
	EveningNote string
}

// ImportedIDs returns the play identities already imported into l's
// tables (GameImported.Play), so a second import of a file skips them.
func (ts *Tables) ImportedIDs(ctx context.Context, l League) (map[string]bool, error) {
	out := map[string]bool{}
	for _, key := range l.tables {
		t, err := ts.byKey(ctx, key)
		if err != nil {
			return nil, err
		}
		for _, g := range t.Games.All() {
			if g.Imported != nil && g.Imported.Play != "" {
				out[g.Imported.Play] = true
			}
		}
	}
	return out, nil
}

// ImportGames stores groups as new tables of the league l (opened through
// its admin link), adding the players who are not members yet. Every
// table and game is decided as a live write would be, and nothing is
// written unless all of it passes; then all of it in one transaction.
// Errors are *scoring.InputError naming the play (plays[3]…).
func (ts *Tables) ImportGames(ctx context.Context, l League, groups []ImportGroup) ([]ImportedTable, []string, error) {
	return ts.importGames(ctx, l, groups, true)
}

// CheckImport decides groups as ImportGames does and says what it would
// make — the tables (without links) and the members it would add — or
// why it would refuse, writing nothing: an import's preview.
func (ts *Tables) CheckImport(ctx context.Context, l League, groups []ImportGroup) ([]ImportedTable, []string, error) {
	return ts.importGames(ctx, l, groups, false)
}

func (ts *Tables) importGames(ctx context.Context, l League, groups []ImportGroup, write bool) ([]ImportedTable, []string, error) {
	if l.admin == "" {
		return nil, nil, ErrNotAdmin
	}
	var added []string
	for _, gr := range groups {
		for _, name := range gr.Players {
			if slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, name) }) {
				continue
			}
			m, err := decideMember(l, name, "")
			if err != nil {
				return nil, nil, prefixed(err, "players")
			}
			l.Members = append(l.Members, m)
			added = append(added, m.Name)
		}
	}
	var pending []*pendingTable
	for _, gr := range groups {
		field := scoring.Index("plays", gr.Plays[0])
		c, err := ts.decideCreate(TableCreated{Game: gr.Game, Name: gr.Name, Players: gr.Players})
		if err != nil {
			return nil, nil, prefixed(err, field)
		}
		body, err := marshal(c)
		if err != nil {
			return nil, nil, err
		}
		at := gr.Games[0].PlayedAt()
		e := Event{Seq: 1, Kind: KindTableCreated, Payload: body, At: at}
		p := &pendingTable{events: []Event{e}}
		if p.t, err = start(newID(), e, ts.find); err != nil {
			return nil, nil, scoring.Errorf(field, "%s", err.Error())
		}
		for i, g := range gr.Games {
			field := scoring.Index("plays", gr.Plays[i])
			d, err := ts.decideImportedGame(p.t, g)
			if err != nil {
				return nil, nil, prefixed(err, field)
			}
			if err := ts.record(p, d, ExportEvent{At: g.PlayedAt()}, field); err != nil {
				return nil, nil, err
			}
		}
		if gr.EveningNote != "" {
			d, err := decideEveningNote(p.t, EveningNoted{Note: gr.EveningNote})
			if err != nil {
				return nil, nil, prefixed(err, field)
			}
			last := gr.Games[len(gr.Games)-1].PlayedAt()
			if err := ts.record(p, d, ExportEvent{At: last}, field); err != nil {
				return nil, nil, err
			}
		}
		if err := decideLeagueTable(l, p.t); err != nil {
			return nil, nil, prefixed(err, field)
		}
		l.tables = append(l.tables, p.t.Key)
		pending = append(pending, p)
	}
	if write {
		if err := ts.store.writeLeagueImport(ctx, l, added, pending, ts.deriver); err != nil {
			return nil, nil, err
		}
	}
	out := make([]ImportedTable, 0, len(pending))
	for _, p := range pending {
		if write {
			ts.cache.put(p.t)
		}
		out = append(out, ImportedTable{Name: p.t.Name, Game: p.t.Info.Slug, Games: p.t.Games.Len(), Edit: p.edit})
	}
	return out, added, nil
}

// writeLeagueImport adds new members and checked tables to an existing
// league in one transaction, after checking that the league's admin link
// is still the one in use.
func (s *Store) writeLeagueImport(ctx context.Context, l League, members []string, tables []*pendingTable, deriver string) error {
	const op = "import plays"
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.failed(op, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	owner, _, err := resolve(ctx, tx, l.admin, RoleAdmin)
	if err != nil {
		return linkFailed(s, op, err)
	}
	if owner != l.ID {
		return ErrNotAdmin
	}
	for _, m := range members {
		if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, name, emoji) VALUES (?, ?, ?)`, l.ID, m, ""); err != nil {
			if s.d.uniqueViolation(err) {
				return scoring.Errorf("players", "%q was added as a member meanwhile: import the file again", m)
			}
			return s.failed(op, err)
		}
	}
	now := s.stamp()
	for i, p := range tables {
		if err := insertImported(ctx, tx, p, now, ""); err != nil {
			return s.failed(op, err)
		}
		if err := insertSummary(ctx, tx, summarize(p.t, true), deriver); err != nil {
			return s.failed(op, err)
		}
		added := stamp(s.now().Add(time.Duration(i) * time.Microsecond))
		if err := insertLeagueTable(ctx, tx, l.ID, p.t.Key, added); err != nil {
			return s.failed(op, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return s.commitFailed(op, err)
	}
	s.wrote()
	return nil
}

// LeagueTablesOf returns every table l counts, replayed, in the order
// they were added (for exports of the whole league).
func (ts *Tables) LeagueTablesOf(ctx context.Context, l League) ([]Table, error) {
	out := make([]Table, 0, len(l.tables))
	for _, key := range l.tables {
		t, err := ts.byKey(ctx, key)
		if err != nil {
			return nil, err
		}
		out = append(out, t.view())
	}
	return out, nil
}
