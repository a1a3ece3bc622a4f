package sessions

import (
	"container/list"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"tablemate/sessions/league"
	"tablemate/sessions/league/stats"
)

// TableSummary is what lists of tables show of a table without
// replaying it: its card (players, games played, who leads, when it last
// changed; the history page) and, for leagues, its finished, valid games
// with every player's total (as the names are written at the table), each
// with its own game (an evening's games differ). It is derived from the
// log, kept in memory and in the database for the head it was made at,
// and made again from the log when the table moved on or the code that
// derives it changed.
//
// It is kept by the table's key, which stays when links are replaced; the
// links it carries are read with it, never kept: View is the view-only
// link in use, Edit the edit link it was asked for by (Cards; "" for a
// league's tables, whose pages show no edit link).
type TableSummary struct {
	Key        string // internal: opens nothing, never shown
	Edit, View string
	Name       string
	// Game is the table's game (slug), for its card; its games each name
	// their own (SummaryGame.Game).
	Game string
	Head int
	Card
	// Games is nil when only the card was derived (HasGames false).
	Games    []SummaryGame
	HasGames bool
}

// Card is a table in a few words.
type Card struct {
	Players []string  `json:"players"`
	Played  int       `json:"played"`
	Leaders []string  `json:"leaders,omitempty"`
	Last    time.Time `json:"last"` // when its newest event was entered
	// Kinds are the games of an evening (slugs, in the order first
	// played, the game played now last); empty for a table of one game.
	Kinds []string `json:"kinds,omitempty"`
	// AverageMinutes is the average length of the table's counted games
	// whose length is known (Table.GameLength: pauses over 30 minutes,
	// or the clock's pauses, left out), rounded to the minute; Timed is
	// how many those are (0: no average).
	AverageMinutes int `json:"avg,omitempty"`
	Timed          int `json:"timed,omitempty"`
}

// SummaryGame is one counted game of a table (GameRecord.Counted: over,
// readable, and not disputed unless settled).
type SummaryGame struct {
	Number int `json:"n"`
	// Game is the slug of the game it was, Sheet the name the table gave
	// another game's sheet ("" for a game with rules), LowestWins whether
	// its fewest points win (its game's rule, or what its sheet says): a
	// league ranks and files each game by these, never by the table's.
	Game       string         `json:"g,omitempty"`
	Sheet      string         `json:"s,omitempty"`
	LowestWins bool           `json:"lw,omitempty"`
	Totals     map[string]int `json:"totals"`
	// Winners are the players the engine named winners (its tie-breaks
	// applied, ruling G-2); At is when the game was entered. A league's
	// member pages place players and order games by them.
	Winners []string  `json:"w,omitempty"`
	At      time.Time `json:"at,omitzero"`
	// Places are each player's place (the game's record: the winners
	// share first, the others follow by score): a league places the game
	// as its table does.
	Places map[string]int `json:"p,omitempty"`
	// Settled is set on a disputed game its table counted as entered
	// (ruling G-5).
	Settled bool `json:"st,omitempty"`
	// Minutes is how long the game took (Table.GameLength), 0 when not
	// known: a league's member pages average them.
	Minutes int `json:"min,omitempty"`
}

// Kind tells a league's games apart: the game's slug, and for another
// game's sheet its name too (as Game.Kind).
func (g SummaryGame) Kind() string { return KindOf(g.Game, g.Sheet) }

// summaryGames is what the database keeps of a summary's games. (Version
// 4 kept the table's lowest_wins beside them; such a summary is never
// read, see summaryVersion.)
type summaryGames struct {
	Games []SummaryGame `json:"games"`
}

// summarize derives a table's summary: its card, and its games when
// games is set (those cost a walk over every game).
func summarize(t Table, games bool) TableSummary {
	s := TableSummary{Key: t.Key, Name: t.Name, Game: t.Info.Slug, Head: t.Head,
		Card: Card{Players: t.Players, Played: t.Games.Len(), Last: t.Log.At(t.Log.Len() - 1).At}}
	if t.Games.Len() > 0 {
		s.Leaders = t.Leaders()
	}
	s.Kinds = t.Kinds()
	total := 0
	for _, g := range t.Games.All() {
		if l := t.GameLength(g.Number); g.Record.Counted && l.Known() {
			s.Timed++
			total += l.Minutes
		}
	}
	s.AverageMinutes = stats.AverageMinutes(total, s.Timed)
	if !games {
		return s
	}
	s.Games, s.HasGames = []SummaryGame{}, true
	for _, g := range t.Games.All() {
		r := g.Record
		if !r.Counted {
			continue
		}
		sg := SummaryGame{Number: r.Number, Game: r.Game, Sheet: r.Sheet, LowestWins: r.LowestWins, Settled: r.Settled,
			Totals: make(map[string]int, len(r.Seats)), Places: make(map[string]int, len(r.Seats)), Winners: r.Winners}
		if e, ok := t.Entry(g.Seq); ok {
			sg.At = e.At
		}
		sg.Minutes = t.GameLength(g.Number).Minutes
		for _, seat := range r.Seats {
			sg.Totals[seat.Name] += seat.Score
			sg.Places[seat.Name] = seat.Place
		}
		s.Games = append(s.Games, sg)
	}
	return s
}

// summaryVersion changes when the summary's shape or meaning does. It
// is part of the deriver every stored summary is kept with, so a summary
// stored by another version is never read: it is made again from the
// table's log when it is next asked for, and stored in its place.
//
// 3: the card names an evening's games (kinds); 4: games carry their
// winners and time; 5: games carry their own game, sheet name and
// whether the fewest win (the table's lowest_wins is no longer kept), and
// a lowest-wins sheet's card names the fewest points as its leaders;
// 6: the games and the card's leaders are the evening's records (G-5: a
// disputed game counts only once settled, and then it is kept with its
// places and marked settled); 7: the card carries the average length of
// the table's games, and each game its minutes.
const summaryVersion = "7"

var deriver struct {
	once sync.Once
	name string
}

// Deriver names the code that derives summaries from logs: the build's
// commit when it was built from a clean checkout, else a hash of the
// running binary. A stored summary made by another build is made again
// (an engine that scores differently now must not leave old standings).
func Deriver() string {
	deriver.once.Do(func() {
		deriver.name = "v" + summaryVersion + ":" + buildName()
	})
	return deriver.name
}

func buildName() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" && modified == "false" {
			return "git:" + rev
		}
	}
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			defer f.Close()
			h := sha256.New()
			if _, err := io.Copy(h, f); err == nil {
				return "exe:" + hex.EncodeToString(h.Sum(nil)[:12])
			}
		}
	}
	return "run:" + newID() // unknown build: trust no stored summary
}

// summaryCache keeps decoded summaries by table, with the head they are
// for; the least recently used go first. It is bounded by summaries and by
// the games they hold.
type summaryCache struct {
	mu       sync.Mutex
	byID     map[string]*list.Element // of TableSummary
	lru      list.List
	games    int
	max      int
	maxGames int
}

func newSummaryCache(max, maxGames int) *summaryCache {
	return &summaryCache{byID: map[string]*list.Element{}, max: max, maxGames: maxGames}
}

// get returns the summary of table id at head; with games, only one that
// holds its games.
func (c *summaryCache) get(id string, head int, games bool) (TableSummary, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byID[id]
	if !ok {
		return TableSummary{}, false
	}
	s := el.Value.(TableSummary)
	if s.Head != head || games && !s.HasGames {
		return TableSummary{}, false
	}
	c.lru.MoveToFront(el)
	return s, true
}

func (c *summaryCache) put(s TableSummary) {
	s.Edit, s.View = "", "" // links change: they are read with every list
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[s.Key]; ok {
		old := el.Value.(TableSummary)
		if old.Head > s.Head || old.Head == s.Head && old.HasGames && !s.HasGames {
			return
		}
		c.games += len(s.Games) - len(old.Games)
		el.Value = s
		c.lru.MoveToFront(el)
	} else {
		c.byID[s.Key] = c.lru.PushFront(s)
		c.games += len(s.Games)
	}
	for c.lru.Len() > 1 && (c.lru.Len() > c.max || c.games > c.maxGames) {
		el := c.lru.Back()
		c.lru.Remove(el)
		old := el.Value.(TableSummary)
		delete(c.byID, old.Key)
		c.games -= len(old.Games)
	}
}

// summariesOf returns the summaries of the tables that query lists (its
// rows: key, edit link, view-only link, name, game, head, and the stored summary's head,
// deriver, card and games — games may be NULL), in its order. A summary is
// taken from memory, else from the database, else made from the table's
// log and stored for next time. games asks for the tables' games too; a
// list of cards leaves out a table whose log cannot be replayed (one bad
// table must not hide the others), a league's list fails.
func (ts *Tables) summariesOf(ctx context.Context, games bool, query string, args ...any) ([]TableSummary, error) {
	rows, err := ts.store.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("table summaries: %w", err)
	}
	defer rows.Close()
	var out []TableSummary
	var stale []int // positions in out still to derive
	for rows.Next() {
		var s TableSummary
		var head int
		var by, card string
		var body sql.NullString
		if err := rows.Scan(&s.Key, &s.Edit, &s.View, &s.Name, &s.Game, &s.Head, &head, &by, &card, &body); err != nil {
			return nil, fmt.Errorf("table summaries: %w", err)
		}
		if c, ok := ts.summaries.get(s.Key, s.Head, games); ok {
			c.Edit, c.View, c.Name = s.Edit, s.View, s.Name
			out = append(out, c)
			continue
		}
		if head == s.Head && by == ts.deriver && decodeSummary(&s, card, body, games) {
			ts.summaries.put(s)
		} else {
			stale = append(stale, len(out))
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("table summaries: %w", err)
	}
	rows.Close()
	var fresh []int
	for _, i := range stale {
		t, err := ts.byKey(ctx, out[i].Key)
		if err != nil && (games || ctx.Err() != nil) {
			return nil, err
		}
		if err != nil { // a card list leaves a table that cannot be replayed out
			out[i].Key = ""
			continue
		}
		edit, view := out[i].Edit, out[i].View
		out[i] = summarize(t, games)
		ts.summaries.put(out[i])
		out[i].Edit, out[i].View = edit, view
		fresh = append(fresh, i)
	}
	if len(fresh) > 0 {
		ts.storeSummaries(ctx, out, fresh)
	}
	return slices.DeleteFunc(out, func(s TableSummary) bool { return s.Key == "" }), nil
}

// decodeSummary reads a stored card and, when games is asked for, the
// stored games; false when something asked for is not there.
func decodeSummary(s *TableSummary, card string, body sql.NullString, games bool) bool {
	if json.Unmarshal([]byte(card), &s.Card) != nil {
		return false
	}
	if n := len(s.Card.Kinds); n > 0 {
		s.Game = s.Card.Kinds[n-1] // an evening's game now, as summarize says; the row holds the first
	}
	if !body.Valid {
		return !games
	}
	var g summaryGames
	if json.Unmarshal([]byte(body.String), &g) != nil {
		return false
	}
	s.Games, s.HasGames = g.Games, true
	return true
}

// LeagueSummaries returns the summaries of a league's tables, with their
// games, in the order they were added: a league's page costs about the
// same for 300 tables as for 10, also right after a restart. They carry
// no edit link.
func (ts *Tables) LeagueSummaries(ctx context.Context, l League) ([]TableSummary, error) {
	return ts.summariesOf(ctx, true,
		`SELECT t.id, '', t.read_id, t.name, t.game, t.head, coalesce(s.head, 0), coalesce(s.deriver, ''), coalesce(s.card, ''), s.games
		 FROM league_tables lt JOIN tables t ON t.id = lt.table_id LEFT JOIN table_summaries s ON s.table_id = t.id
		 WHERE lt.league_id = ? ORDER BY lt.added_at, lt.table_id`, l.ID)
}

// Cards returns the summaries (cards only) of the tables whose edit links
// are given, in no particular order; links that open nothing, or were
// replaced, are left out. The history page lists a phone's tables
// without replaying any that did not change.
func (ts *Tables) Cards(ctx context.Context, edits []string) ([]TableSummary, error) {
	edits = slices.DeleteFunc(slices.Clone(edits), func(l string) bool { return !storable(l) })
	if len(edits) == 0 {
		return nil, nil
	}
	marks, args := inList(edits)
	return ts.summariesOf(ctx, false,
		`SELECT t.id, t.edit_link, t.read_id, t.name, t.game, t.head, coalesce(s.head, 0), coalesce(s.deriver, ''), coalesce(s.card, ''), NULL
		 FROM tables t LEFT JOIN table_summaries s ON s.table_id = t.id WHERE t.edit_link IN (`+marks+`)`, args...)
}

// storeSummaries keeps freshly derived summaries in the database, in one
// transaction. They are a cache: when storage fails, the next view derives
// them again.
func (ts *Tables) storeSummaries(ctx context.Context, all []TableSummary, fresh []int) {
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		ts.store.failed("store summaries", err) //nolint:errcheck // noted for the health check
		return
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	// In the order of their keys: two servers storing some of the same
	// summaries at once wait for each other instead of deadlocking.
	slices.SortFunc(fresh, func(i, j int) int { return strings.Compare(all[i].Key, all[j].Key) })
	for _, i := range fresh {
		if err := insertSummary(ctx, tx, all[i], ts.deriver); err != nil {
			ts.store.failed("store summaries", err) //nolint:errcheck // noted for the health check
			return
		}
	}
	if err := tx.Commit(); err != nil {
		ts.store.failed("store summaries", err) //nolint:errcheck // noted for the health check
		return
	}
	ts.store.wrote()
}

// insertSummary keeps a table's summary unless a newer one is kept. A
// summary without its games stores none (a later league view derives
// them): stored games are always those of the stored head.
func insertSummary(ctx context.Context, tx *txn, s TableSummary, deriver string) error {
	card, err := json.Marshal(s.Card)
	if err != nil {
		return err
	}
	var games any
	if s.HasGames {
		body, err := json.Marshal(summaryGames{Games: s.Games})
		if err != nil {
			return err
		}
		games = string(body)
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO table_summaries (table_id, head, deriver, card, games) VALUES (?, ?, ?, ?, ?)
		 ON CONFLICT (table_id) DO UPDATE SET head = excluded.head, deriver = excluded.deriver, card = excluded.card,
		   games = CASE WHEN excluded.games IS NULL AND table_summaries.head = excluded.head AND table_summaries.deriver = excluded.deriver
		           THEN table_summaries.games ELSE excluded.games END
		 WHERE excluded.head >= table_summaries.head`,
		s.Key, s.Head, deriver, string(card), games)
	return err
}

// LeagueGames returns the finished, valid games of the league's tables in
// the order the tables were added, with names mapped to members. Invalid
// or unfinished games do not count (the table shows why).
func (ts *Tables) LeagueGames(ctx context.Context, l League) ([]LeagueGame, error) {
	tables, err := ts.LeagueSummaries(ctx, l)
	if err != nil {
		return nil, err
	}
	return l.Games(tables), nil
}

// Games lists the counted games of the given tables of l, each as the
// game it was (an evening's games differ): ranked by its own rule, filed
// under its own game.
func (l League) Games(tables []TableSummary) []LeagueGame {
	canonical := l.canonicalizer()
	var out []LeagueGame
	for _, t := range tables {
		for _, g := range t.Games {
			r := league.Result{Totals: make(map[string]int, len(g.Totals)), LowestWins: g.LowestWins}
			if g.Places != nil {
				r.Places = make(map[string]int, len(g.Places))
			}
			for name, total := range g.Totals {
				m := canonical(name)
				r.Totals[m] += total
				// Two names merged into one member keep the better place.
				if p, ok := g.Places[name]; ok {
					if q, seen := r.Places[m]; !seen || p < q {
						r.Places[m] = p
					}
				}
			}
			out = append(out, LeagueGame{TableName: t.Name, Game: g.Game, Sheet: g.Sheet, Number: g.Number, Result: r})
		}
	}
	return out
}

// canonicalizer is Canonical with the members looked up once.
func (l League) canonicalizer() func(string) string {
	memo := map[string]string{}
	return func(name string) string {
		key := strings.ToLower(name)
		if c, ok := memo[key]; ok {
			return c
		}
		c := l.Canonical(name)
		memo[key] = c
		return c
	}
}

// LeagueVersion names the state of a league's tables: how many it counts
// and the sum of their heads. Heads only grow and tables are only added,
// so it changes with every game entered at any of them, and a page
// computed from the league's games stays right for as long as it stays.
func (ts *Tables) LeagueVersion(ctx context.Context, l League) (string, error) {
	st, err := ts.store.readStmt(ctx,
		`SELECT count(*), coalesce(sum(t.head), 0) FROM league_tables lt JOIN tables t ON t.id = lt.table_id WHERE lt.league_id = ?`)
	if err != nil {
		return "", fmt.Errorf("league version: %w", err)
	}
	var n, heads int
	if err := st.QueryRowContext(ctx, l.ID).Scan(&n, &heads); err != nil {
		return "", fmt.Errorf("league version: %w", err)
	}
	return fmt.Sprintf("%d:%d", n, heads), nil
}

// LeagueTable is one table of a league as its pages list it: through its
// view-only link, whoever looks (an admin link is no edit link).
type LeagueTable struct {
	Name, Game string // Game is the slug
	View       string
}

// LeagueTables lists the league's tables in the order they were added.
func (ts *Tables) LeagueTables(ctx context.Context, l League) ([]LeagueTable, error) {
	return ts.LeagueTableLinks(ctx, l, 1, len(l.tables))
}

// LeagueTableLinks returns the league's tables from the from-th to the
// to-th added (1-based, both included) with their names, games and
// view-only links, in one query: a page of a long list costs the same as
// the first, and no table is replayed.
func (ts *Tables) LeagueTableLinks(ctx context.Context, l League, from, to int) ([]LeagueTable, error) {
	st, err := ts.store.readStmt(ctx,
		`SELECT t.name, t.game, t.read_id FROM league_tables lt JOIN tables t ON t.id = lt.table_id
		 WHERE lt.league_id = ? ORDER BY lt.added_at, lt.table_id LIMIT ? OFFSET ?`)
	if err != nil {
		return nil, fmt.Errorf("league tables: %w", err)
	}
	rows, err := st.QueryContext(ctx, l.ID, max(0, to-from+1), max(0, from-1))
	if err != nil {
		return nil, fmt.Errorf("league tables: %w", err)
	}
	defer rows.Close()
	out := []LeagueTable{}
	for rows.Next() {
		var t LeagueTable
		if err := rows.Scan(&t.Name, &t.Game, &t.View); err != nil {
			return nil, fmt.Errorf("league tables: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// KeptLeague returns what was kept for league id at version (KeepLeague),
// false when nothing was or it was for another version.
func (ts *Tables) KeptLeague(ctx context.Context, id, version string) ([]byte, bool, error) {
	st, err := ts.store.readStmt(ctx, `SELECT version, body FROM league_stats WHERE league_id = ?`)
	if err != nil {
		return nil, false, fmt.Errorf("league stats: %w", err)
	}
	var kept, body string
	switch err := st.QueryRowContext(ctx, id).Scan(&kept, &body); {
	case errors.Is(err, sql.ErrNoRows):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("league stats: %w", err)
	}
	return []byte(body), kept == version, nil
}

// KeepLeague keeps what a league's page computed from its games at
// version (LeagueVersion, with whatever else it depends on), so the next
// view — after a restart too — reads it instead of every table's
// summary. It is a cache: when storage fails, the next view computes it
// again.
func (ts *Tables) KeepLeague(ctx context.Context, id, version string, body []byte) {
	_, err := ts.store.write.ExecContext(ctx,
		`INSERT INTO league_stats (league_id, version, body) VALUES (?, ?, ?)
		 ON CONFLICT (league_id) DO UPDATE SET version = excluded.version, body = excluded.body`, id, version, string(body))
	if err != nil {
		ts.store.failed("keep league stats", err) //nolint:errcheck // noted for the health check
		return
	}
	ts.store.wrote()
}
