package sessions

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"tablemate/scoring"
	"tablemate/sessions/internal/capped"
	"tablemate/sessions/internal/jsonspace"
)

// Imports read an exported file as a stream (a long table's export is
// megabytes) and check it move by move with the commands live writes run:
// each event is decided against the table as the events before it left
// it, exactly as when it was first entered, and what the command decides
// is what is stored. Only when the whole file passed is anything written,
// in one transaction: a bad file, a crash or a full disk leaves nothing.

// MaxImportBytes bounds an uploaded file: an export of a table of
// MaxTableEvents entries is well within it.
const MaxImportBytes = 32 << 20

// Imported is what an import made: a table (its edit link), or a league
// with its tables (the League holds its admin link).
type Imported struct {
	Edit   string
	League *League
	// Again: the form's one-time token made this import before; nothing
	// new was made, and Edit or League is what it made then.
	Again bool
}

// pendingTable is an imported table checked in memory and not yet written.
type pendingTable struct {
	t      Table
	events []Event
	// edit is the table's edit link, made when it is written.
	edit string
	// run holds the fields of the guided moves taken on the check of a
	// later one; moves counts the moves the engines replayed.
	run   []string
	moves int
}

// Import stores an exported table (Export) as a new table with new links
// and returns its edit link. Errors are *scoring.InputError naming what
// is wrong.
func (ts *Tables) Import(ctx context.Context, data []byte) (string, error) {
	im, err := ts.ImportFile(ctx, bytes.NewReader(data))
	if err == nil && im.Edit == "" {
		return "", scoring.Errorf("format", "this is not an exported Tablemate table")
	}
	return im.Edit, err
}

// ImportFile stores an exported table or league read from r. Errors are
// *scoring.InputError naming the field (e.g. events[12].payload.players[1].name),
// or ErrNotSaved when storage failed.
func (ts *Tables) ImportFile(ctx context.Context, r io.Reader) (Imported, error) {
	return ts.ImportFileOnce(ctx, r, "")
}

// ImportFileOnce is ImportFile for a form's one-time token: the same form
// sent again (a double tap, "Send it again" after a 503) answers with the
// table or league its first import made (Again) instead of making
// another. A token of a table's import never answers a league's, nor a
// form that started a table ("" imports every time).
func (ts *Tables) ImportFileOnce(ctx context.Context, r io.Reader, token string) (Imported, error) {
	if err := checkToken(token); err != nil {
		return Imported{}, err
	}
	// Folded white space keeps the decoder linear on padded files.
	dec := json.NewDecoder(jsonspace.NewReader(capped.New(r, MaxImportBytes)))
	dec.DisallowUnknownFields()
	h, err := readHeader(dec, "")
	if err != nil {
		return Imported{}, err
	}
	switch h.format {
	case "tablemate-table":
		p, err := ts.readTable(dec, h, "")
		if err != nil {
			return Imported{}, err
		}
		made, _, err := ts.store.writeImport(ctx, nil, []*pendingTable{p}, ts.deriver, importToken("table", token))
		if err != nil {
			return Imported{}, err
		}
		if made != "" {
			edit, _, err := current(ctx, ts.store.read, made, RoleEdit)
			return Imported{Edit: edit, Again: true}, err
		}
		ts.cache.put(p.t)
		return Imported{Edit: p.edit}, nil
	case "tablemate-league":
		var again bool
		l, err := ts.importLeague(ctx, dec, h, importToken("league", token), &again)
		if err != nil {
			return Imported{}, err
		}
		return Imported{League: &l, Again: again}, nil
	}
	return Imported{}, scoring.Errorf("format", "this is not an exported Tablemate table or league")
}

// header is the part of an exported object before its list of events or
// tables: the format, version and the fields beside them.
type header struct {
	format  string
	version int
	fields  map[string]json.RawMessage
	list    string // "events" or "tables": the field the reader stopped at, "" at the end
}

// readHeader reads an object's fields up to its first list of events or
// tables (which an export writes last, after everything that says what
// the list belongs to).
func readHeader(dec *json.Decoder, prefix string) (header, error) {
	h := header{fields: map[string]json.RawMessage{}}
	if err := expect(dec, json.Delim('{'), prefix, scoring.Errorf(prefix, "this is not an exported Tablemate table or league")); err != nil {
		return h, err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return h, jsonErr(err, prefix)
		}
		name, _ := key.(string)
		field := scoring.Join(prefix, name)
		if name == "events" || name == "tables" {
			h.list = name
			break
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return h, jsonErr(err, field)
		}
		if _, dup := h.fields[name]; dup {
			return h, scoring.Errorf(field, "given twice")
		}
		h.fields[name] = raw
	}
	if err := decodeField(h.fields, "format", &h.format, prefix); err != nil {
		return h, err
	}
	if err := decodeField(h.fields, "version", &h.version, prefix); err != nil {
		return h, err
	}
	if h.format != "" && h.version != ExportVersion {
		return h, scoring.Errorf(scoring.Join(prefix, "version"), "version %d is not one this Tablemate reads (%d)", h.version, ExportVersion)
	}
	return h, nil
}

// decodeField reads a header field strictly; a missing one stays zero.
func decodeField(fields map[string]json.RawMessage, name string, v any, prefix string) error {
	raw, ok := fields[name]
	if !ok {
		return nil
	}
	return scoring.Decode(raw, v, scoring.Join(prefix, name))
}

// known refuses header fields other than names.
func (h header) known(prefix string, names ...string) error {
	for f := range h.fields {
		ok := false
		for _, n := range names {
			ok = ok || f == n
		}
		if !ok {
			return scoring.Errorf(scoring.Join(prefix, f), "unknown field %q", f)
		}
	}
	return nil
}

// readEnd reads the rest of an object after its list; nothing may follow.
func readEnd(dec *json.Decoder, prefix string) error {
	if dec.More() {
		key, _ := dec.Token()
		name, _ := key.(string)
		return scoring.Errorf(scoring.Join(prefix, name), "nothing may follow the list of events or tables")
	}
	if err := expect(dec, json.Delim('}'), prefix, scoring.Errorf(prefix, "nothing may follow the list of events or tables")); err != nil {
		return err
	}
	if prefix == "" {
		if _, err := dec.Token(); err != io.EOF {
			return scoring.Errorf("", "unexpected data after the JSON value")
		}
	}
	return nil
}

// expect reads the delimiter want, or fails with otherwise.
func expect(dec *json.Decoder, want json.Delim, field string, otherwise *scoring.InputError) error {
	tok, err := dec.Token()
	if err != nil {
		return jsonErr(err, field)
	}
	if tok != want {
		return otherwise
	}
	return nil
}

// jsonErr names a stream's decoding error as an input error on field.
func jsonErr(err error, field string) error {
	var syntax *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return scoring.Errorf(field, "the file ends too early: it was cut off")
	case errors.As(err, &syntax):
		return scoring.Errorf(field, "invalid JSON at byte %d: %s", syntax.Offset, syntax.Error())
	case errors.Is(err, capped.ErrTooLarge):
		return scoring.Errorf("", "the file is larger than %d MiB, the most an import reads", MaxImportBytes>>20)
	}
	return scoring.Refield(err, field)
}

// readTable reads an exported table's events (the header is read) and
// checks each with the command that made it, building the table in
// memory. Nothing is written.
func (ts *Tables) readTable(dec *json.Decoder, h header, prefix string) (*pendingTable, error) {
	if h.format != "tablemate-table" {
		return nil, scoring.Errorf(scoring.Join(prefix, "format"), "this is not an exported Tablemate table")
	}
	if err := h.known(prefix, "format", "version", "name", "game"); err != nil {
		return nil, err
	}
	var name, game string
	if err := decodeField(h.fields, "name", &name, prefix); err != nil {
		return nil, err
	}
	if err := decodeField(h.fields, "game", &game, prefix); err != nil {
		return nil, err
	}
	list := scoring.Join(prefix, "events")
	if h.list != "events" {
		return nil, scoring.Errorf(list, "the file holds no events")
	}
	if err := expect(dec, json.Delim('['), list, scoring.Errorf(list, "the events must be a list")); err != nil {
		return nil, err
	}
	p := &pendingTable{}
	now := time.Now().UTC()
	var held *move // a guided move waiting to see whether a move follows it
	for i := 0; dec.More(); i++ {
		field := scoring.Index(list, i)
		if i >= MaxTableEvents {
			return nil, scoring.Errorf(list, "the file holds more than %d events, the most one table keeps", MaxTableEvents)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, jsonErr(err, field)
		}
		var x ExportEvent
		if err := scoring.Decode(raw, &x, field); err != nil {
			return nil, err
		}
		if x.Seq != i+1 {
			return nil, scoring.Errorf(field+".seq", "events must be numbered 1, 2, 3 … in order; found %d", x.Seq)
		}
		if x.At.IsZero() {
			x.At = now
		}
		if held != nil {
			if err := ts.importMove(p, *held, x.Kind == KindPlayStep); err != nil {
				return nil, err
			}
			held = nil
		}
		if x.Kind == KindPlayStep && x.Seq > 1 {
			held = &move{x, field}
			continue
		}
		if err := ts.importEvent(p, x, field, name, game); err != nil {
			return nil, err
		}
	}
	if held != nil {
		if err := ts.importMove(p, *held, false); err != nil {
			return nil, err
		}
	}
	if err := expect(dec, json.Delim(']'), list, scoring.Errorf(list, "the events must be a list")); err != nil {
		return nil, err
	}
	if len(p.events) == 0 {
		return nil, scoring.Errorf(list, "the file holds no events")
	}
	return p, readEnd(dec, prefix)
}

// importEvent decides one imported event as its live command would and
// applies what the command decided to the table being built.
func (ts *Tables) importEvent(p *pendingTable, x ExportEvent, field, name, game string) error {
	payloadField := field + ".payload"
	if x.Seq == 1 {
		if x.Kind != KindTableCreated {
			return scoring.Errorf(field+".kind", "a table's log starts with %s", KindTableCreated)
		}
		var c TableCreated
		if err := scoring.Decode(x.Payload, &c, payloadField); err != nil {
			return err
		}
		if c.Game != game || c.Name != name {
			return scoring.Errorf(field, "the log starts a table of %q named %q, but the file says %q named %q", c.Game, c.Name, game, name)
		}
		c, err := ts.decideCreate(c)
		if err != nil {
			return prefixed(err, payloadField)
		}
		body, err := marshal(c)
		if err != nil {
			return err
		}
		e := Event{Seq: 1, Kind: KindTableCreated, Payload: body, At: x.At.UTC()}
		if p.t, err = start(newID(), e, ts.find); err != nil {
			return scoring.Errorf(field, "%s", err.Error())
		}
		p.events = append(p.events, e)
		return nil
	}
	d, err := ts.decideImported(p.t, x, field)
	if err != nil {
		return err
	}
	return ts.record(p, d, x, field)
}

// move is an imported guided move with its place in the file.
type move struct {
	x     ExportEvent
	field string
}

// maxImportMoves bounds the guided moves the engines replay to check one
// file (a file of long guided games that take moves back after every move
// would cost a replay of the game so far for each).
const maxImportMoves = 2_000_000

// importMove checks a guided move with the command of a live move. A
// move that another move follows is taken on the strength of the check
// of the last move of the run: the engine replays the whole game for
// that one, so each move of the run is checked in the same order as live,
// and a game that ended before the run's last move fails there. A run of
// moves costs one replay of its game, not one per move.
func (ts *Tables) importMove(p *pendingTable, m move, followed bool) error {
	pf := m.field + ".payload"
	var s PlayStep
	if err := scoring.Decode(m.x.Payload, &s, pf); err != nil {
		return err
	}
	var d decision
	var err error
	if followed {
		if _, err = ts.stepRoom(p.t); err == nil {
			d = decision{kind: KindPlayStep, payload: s, said: &guided{}}
		}
	} else {
		if _, err := ts.stepRoom(p.t); err != nil {
			return prefixed(err, pf)
		}
		p.moves += 2 * (len(p.t.Play.Steps) + 1) // this move's check, and notOverBefore's
		if p.moves > maxImportMoves {
			return scoring.Errorf(m.field, "checking this file's guided games would replay more than %d moves: import it in parts", maxImportMoves)
		}
		d, err = ts.decideStep(p.t, s.Step)
		if err == nil && len(p.run) > 0 {
			err = ts.notOverBefore(p.t)
		}
		if err != nil && len(p.run) > 0 {
			return ts.blameMove(p, m, s.Step)
		}
	}
	if err != nil {
		return prefixed(err, pf)
	}
	if followed {
		p.run = append(p.run, m.field)
	} else {
		p.run = p.run[:0]
	}
	return ts.record(p, d, m.x, m.field)
}

// notOverBefore checks that the guided game was still on before the last
// move of a run: a move after its end is refused live.
func (ts *Tables) notOverBefore(t Table) error {
	guide, _ := ts.guide(t)
	if over, _, _ := guide.Guide(t.Play.Players, t.Play.Setup, t.Play.RawSteps()); over {
		return scoring.Errorf("step", "no guided game is being played at this table")
	}
	return nil
}

// blameMove finds the first move of the run ending with last that its
// live command refuses, replaying the game move by move (a file gets here
// once: it is refused).
func (ts *Tables) blameMove(p *pendingTable, last move, step json.RawMessage) error {
	guide, _ := ts.guide(p.t)
	play := p.t.Play
	steps := append(play.RawSteps(), step)
	fields := append(append([]string{}, p.run...), last.field)
	first := len(steps) - len(fields)
	for i, field := range fields {
		over, _, err := guide.Guide(play.Players, play.Setup, steps[:first+i+1])
		if err != nil {
			return prefixed(err, field+".payload")
		}
		if over && i+1 < len(fields) {
			return scoring.Errorf(fields[i+1]+".payload.step", "no guided game is being played at this table")
		}
	}
	return scoring.Errorf(last.field, "the guided game does not replay")
}

// record appends what a command decided for imported event x to the
// table being built.
func (ts *Tables) record(p *pendingTable, d decision, x ExportEvent, field string) error {
	e, err := record(p.t, d, x.At.UTC())
	if err != nil {
		return prefixed(err, field)
	}
	err = p.t.next(e, d.said)
	if err == nil {
		err = p.t.readable()
	}
	if err != nil { // a command's checks and the replay disagree
		return scoring.Errorf(field, "the log does not replay: %s", err.Error())
	}
	p.events = append(p.events, e)
	return nil
}

// decideImported runs the live command behind an exported event (guided
// moves go through importMove). What the command works out itself (a round's game, the entry an undo takes back)
// must be what the file says.
func (ts *Tables) decideImported(t Table, x ExportEvent, field string) (decision, error) {
	pf := field + ".payload"
	switch x.Kind {
	case KindPlayerJoined:
		return decodeThen(x, pf, func(p PlayerJoined) (decision, error) { return ts.decideJoin(t, p.Name) })
	case KindGameRecorded:
		return decodeThen(x, pf, func(g GameRecorded) (decision, error) { return ts.decideGame(t, g) })
	case KindGameImported:
		return decodeThen(x, pf, func(g GameImported) (decision, error) { return ts.decideImportedGame(t, g) })
	case KindPlayStarted:
		return decodeThen(x, pf, func(p PlayStarted) (decision, error) { return ts.decideStart(t, p.Setup) })
	case KindGameCorrected:
		return decodeThen(x, pf, func(g GameCorrected) (decision, error) { return ts.decideCorrection(t, g, nil) })
	case KindGameChosen:
		return decodeThen(x, pf, func(g GameChosen) (decision, error) { return ts.decideChoose(t, g) })
	case KindRoundCorrected:
		return decodeThen(x, pf, func(c RoundCorrected) (decision, error) { return ts.decideRoundCorrection(t, c) })
	case KindGameSettled:
		return decodeThen(x, pf, func(s GameSettled) (decision, error) { return ts.decideSettle(t, s) })
	case KindPlayStopped:
		return decodeThen(x, pf, func(p PlayStopped) (decision, error) { return ts.decideImportedStop(t, p) })
	case KindGameNoted:
		return decodeThen(x, pf, func(g GameNoted) (decision, error) { return ts.decideNote(t, g) })
	case KindGameStopped:
		return decodeThen(x, pf, func(s GameStopped) (decision, error) { return ts.decideStopGame(t, s) })
	case KindEveningNoted:
		return decodeThen(x, pf, func(n EveningNoted) (decision, error) { return decideEveningNote(t, n) })
	case KindClockStarted, KindClockPaused:
		return decodeThen(x, pf, func(c ClockSet) (decision, error) { return decideClock(t, x.Kind, c) })
	case KindRoundRecorded:
		return decodeThen(x, pf, func(r RoundRecorded) (decision, error) {
			d, err := ts.decideRound(t, r.Round)
			if err == nil && d.payload.(RoundRecorded).Game != r.Game {
				return d, scoring.Errorf("game", "this round belongs to game %d, not game %d", d.payload.(RoundRecorded).Game, r.Game)
			}
			return d, err
		})
	case KindUndo:
		var u Undo
		if err := scoring.Decode(x.Payload, &u, pf); err != nil {
			return decision{}, err
		}
		d, err := ts.decideUndo(t)
		switch {
		case errors.Is(err, ErrNothingToUndo):
			return d, scoring.Errorf(field, "an undo here has nothing left to take back")
		case err == nil && d.payload.(Undo).Seq != u.Seq:
			return d, scoring.Errorf(pf+".seq", "an undo here takes back entry %d, not entry %d", d.payload.(Undo).Seq, u.Seq)
		}
		return d, err
	case KindTableCreated:
		return decision{}, scoring.Errorf(field+".kind", "a table is started only once: only its first event is %s", KindTableCreated)
	}
	return decision{}, scoring.Errorf(field+".kind", "%q is not a kind of event Tablemate records", x.Kind)
}

// decodeThen reads an event's payload strictly as a P and runs the
// command with it; the command's input errors are named under the
// payload's path.
func decodeThen[P any](x ExportEvent, path string, decide func(P) (decision, error)) (decision, error) {
	var p P
	if err := scoring.Decode(x.Payload, &p, path); err != nil {
		return decision{}, err
	}
	d, err := decide(p)
	if err != nil {
		return d, prefixed(err, path)
	}
	return d, nil
}

// prefixed moves an input error under prefix (players[1] → tables[0].players[1]);
// any other error becomes an input error on prefix.
func prefixed(err error, prefix string) error {
	if in, ok := err.(*scoring.InputError); ok {
		return scoring.Refield(in, scoring.Join(prefix, in.Field))
	}
	return scoring.Refield(err, prefix)
}

// importToken is how an import's one-time token is kept: on its first
// table's first event, named by what was imported, so it is found only by
// the same kind of import ("" for none).
func importToken(what, token string) string {
	if token == "" {
		return ""
	}
	return "import-" + what + ":" + token
}

// writeImport stores checked tables with their summaries, and the league
// they belong to if any, in one transaction.
//
// With a token (importToken) already kept, nothing is written and the
// key of the first table the token's import made is returned.
func (s *Store) writeImport(ctx context.Context, l *League, tables []*pendingTable, deriver, token string) (madeTable, madeLeague string, err error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return "", "", s.failed("import", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if token != "" {
		// Two servers given the same form at once import it once.
		if err := s.d.serialize(ctx, tx, token); err != nil {
			return "", "", s.failed("import", err)
		}
	}
	if token != "" && len(tables) > 0 {
		err := tx.QueryRowContext(ctx, `SELECT table_id FROM events WHERE client_token = ? AND kind = 'table_created'`, token).Scan(&madeTable)
		switch {
		case err == nil:
			return madeTable, "", nil
		case !errors.Is(err, sql.ErrNoRows):
			return "", "", s.failed("import", err)
		}
	}
	if token != "" && l != nil {
		// A league without tables has no event to carry the token: its
		// id is made from the token (importLeague), so the league an
		// import made already is found by it.
		err := tx.QueryRowContext(ctx, `SELECT id FROM leagues WHERE id = ?`, l.ID).Scan(&madeLeague)
		switch {
		case err == nil:
			return "", madeLeague, nil
		case !errors.Is(err, sql.ErrNoRows):
			return "", "", s.failed("import", err)
		}
	}
	now := s.stamp()
	if l != nil {
		if err := s.insertLeague(ctx, tx, l); err != nil {
			return "", "", s.failed("import league", err)
		}
	}
	for i, p := range tables {
		first := ""
		if i == 0 {
			first = token
		}
		if err := insertImported(ctx, tx, p, now, first); err != nil {
			return "", "", s.failed("import table", err)
		}
		if err := insertSummary(ctx, tx, summarize(p.t, true), deriver); err != nil {
			return "", "", s.failed("import table", err)
		}
		if l != nil {
			// Added one after the other, in the file's order.
			added := stamp(s.now().Add(time.Duration(i) * time.Microsecond))
			if err := insertLeagueTable(ctx, tx, l.ID, p.t.Key, added); err != nil {
				return "", "", s.failed("import league", err)
			}
		}
	}
	if s.importHook != nil {
		s.importHook()
	}
	if err := tx.Commit(); err != nil {
		return "", "", s.commitFailed("import", err)
	}
	s.wrote()
	return "", "", nil
}

// insertImported writes one checked table, its new links and its log,
// and keeps its edit link in p. token, if any, is kept on its first
// event (the import's one-time token).
func insertImported(ctx context.Context, tx *txn, p *pendingTable, now, token string) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO events (table_id, seq, kind, payload, client_token, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	c := TableCreated{Game: p.t.Opened, Name: p.t.Name}
	if p.edit, err = insertTable(ctx, tx, p.t.Key, c, p.t.Head, stamp(p.events[0].At), now); err != nil {
		return err
	}
	for i, e := range p.events {
		var tok any // NULL: an imported event carries no token of its own
		if i == 0 && token != "" {
			tok = token
		}
		if _, err := st.ExecContext(ctx, p.t.Key, e.Seq, string(e.Kind), string(e.Payload), tok, stamp(e.At)); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	}
	p.t.derived = newDerived()
	return nil
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
