package sessions

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/sheet"
)

// findAll is the finder of the snapshot tests: the games with rules, the
// sheet, and the test's sum game.
func findAll(slug string) (scoring.Game, bool) {
	if g, ok := findEvening(slug); ok {
		return g, true
	}
	return findSum(slug)
}

// guidedSetup and guidedSteps are a whole guided game of Koffer, Katze &
// Sombrero for two (play_test.go's).
var guidedSetup = json.RawMessage(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`)

func guidedSteps() []json.RawMessage {
	var deck []string
	for _, c := range []string{"red", "black", "blue", "yellow"} {
		for v := 1; v <= 10; v++ {
			card := fmt.Sprintf("%s %d", c, v)
			if !strings.Contains(string(guidedSetup), `"`+card+`"`) {
				deck = append(deck, card)
			}
		}
	}
	var out []json.RawMessage
	for i := range 34 {
		step := `{"take":1}`
		if i < len(deck) {
			step = fmt.Sprintf(`{"take":1,"reveal":%q}`, deck[i])
		}
		out = append(out, json.RawMessage(step))
	}
	return out
}

// genLog makes a table's log of about n events that Replay reads: each
// event is drawn from what a table may record (games of several kinds,
// rounds and their corrections, whole corrections, undos, players
// joining, a chosen next game, guided play, imported plays, the clock)
// and kept when the table stays readable with it.
func genLog(rnd *rand.Rand, n int) []Event {
	at := time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC)
	players := []string{"Lea", "Tom"}
	events := log(KindTableCreated, TableCreated{Game: []string{kks.Slug, cambio.Slug, "sum", sheet.Slug, kodiak.Slug}[rnd.IntN(5)], Name: "Friday", Players: players})
	events[0].At = at
	steps := guidedSteps()
	for tries := 0; len(events) < n && tries < 20*n; tries++ {
		t, err := Replay("k", events, findAll)
		if err != nil {
			panic(err)
		}
		var kind Kind
		var payload any
		round := func(total int) json.RawMessage {
			var ps []string
			for i, p := range t.Players {
				cards := []string{`"5"`, `"13","2"`, `"0"`, `"7","red-king"`}[(i+total)%4]
				call := ""
				if i == total%len(t.Players) {
					call = `,"cambio":true`
				}
				ps = append(ps, fmt.Sprintf(`{"name":%q,"cards":[%s]%s}`, p, cards, call))
			}
			return json.RawMessage(`{"players":[` + strings.Join(ps, ",") + `]}`)
		}
		// A Kodiak round: its lines count hairballs and pounces
		// (scoring.Count, whose singular form the snapshot keeps).
		kodiakRound := func() json.RawMessage {
			var ps []string
			for i, p := range t.Players {
				if i == 0 {
					ps = append(ps, fmt.Sprintf(`{"name":%q,"kodiak":true,"cards":["4"],"pounces":%d}`, p, rnd.IntN(3)))
				} else {
					ps = append(ps, fmt.Sprintf(`{"name":%q,"cards":[],"hairballs_kept":%d,"hairballs_discarded":%d}`, p, rnd.IntN(3), rnd.IntN(2)))
				}
			}
			return json.RawMessage(`{"players":[` + strings.Join(ps, ",") + `]}`)
		}
		sheetRound := func(last bool) json.RawMessage {
			var es []sheet.Entry
			for i, p := range t.Players {
				es = append(es, sheet.Entry{Name: p, Points: rnd.IntN(30) - i})
			}
			return mustJSON(sheet.Round{Name: []string{"Skat", "Golf"}[rnd.IntN(2)], Scores: es, Last: last, LowestWins: rnd.IntN(3) == 0})
		}
		cur, going := t.InProgress()
		switch r := rnd.IntN(20); {
		case r < 2 && t.Play == nil && !going:
			kind, payload = KindPlayerJoined, PlayerJoined{Name: fmt.Sprint("P", len(t.Players))}
		case r < 4 && t.Play == nil && !going:
			kind, payload = KindGameChosen, GameChosen{Game: []string{kks.Slug, cambio.Slug, "sum", sheet.Slug, kodiak.Slug}[rnd.IntN(5)], First: t.Players[rnd.IntN(len(t.Players))]}
		case r < 7 && t.effect != nil:
			kind, payload = KindUndo, Undo{Seq: t.effect.seq}
		case r < 9 && t.Games.Len() > 0:
			g := t.Games.At(rnd.IntN(t.Games.Len()))
			if _, ok := g.engine.(scoring.RoundCorrector); ok && g.rounds > 0 {
				kind, payload = KindRoundCorrected, RoundCorrected{Game: g.Number, Number: 1 + rnd.IntN(g.rounds), Round: round(rnd.IntN(9)), Reason: "typo"}
				switch g.Info.Slug {
				case sheet.Slug:
					payload = RoundCorrected{Game: g.Number, Number: 1 + rnd.IntN(g.rounds), Round: sheetRound(false)}
				case kodiak.Slug:
					payload = RoundCorrected{Game: g.Number, Number: 1 + rnd.IntN(g.rounds), Round: kodiakRound(), Reason: "typo"}
				}
			} else if g.Info.Slug == kks.Slug || g.Info.Slug == "sum" {
				kind, payload = KindGameCorrected, GameCorrected{Game: g.Number, State: g.State, Reason: "again"}
			}
		case r < 10 && !going && t.Play == nil:
			kind, payload = KindGameImported, GameImported{Source: "bgstats", Play: fmt.Sprint("p", len(events)), Played: "2026-11-20 19:30:00",
				Players: []ImportedScore{{Name: t.Players[0], Score: rnd.IntN(50), Winner: true}, {Name: t.Players[1], Score: rnd.IntN(50)}}}
		case r < 12 && slices.ContainsFunc(t.Games.Slice(0, t.Games.Len()), func(g Game) bool { return g.Record.Disputed() && g.Record.Over }):
			for _, g := range t.Games.All() {
				if g.Record.Disputed() && g.Record.Over {
					kind, payload = KindGameSettled, GameSettled{Game: g.Number}
				}
			}
		case t.Play != nil && len(t.Play.Steps) > 0 && r < 13:
			// Stopped: kept as an unfinished game (its position as the
			// engine gives it) or discarded.
			kind, payload = KindPlayStopped, PlayStopped{}
			if stop, ok := t.engine.(scoring.Stoppable); ok && rnd.IntN(2) == 0 {
				if state, err := stop.Unfinished(t.Play.Players, t.Play.Setup, t.Play.RawSteps()); err == nil {
					payload = PlayStopped{Keep: true, State: state}
				}
			}
		case r >= 18 && t.ClockGame() > 0:
			// The clock of the game at hand, started or paused.
			kind, payload = KindClockStarted, ClockSet{Game: t.ClockGame()}
			if t.Clock().Running {
				kind = KindClockPaused
			}
		case t.Play != nil:
			kind, payload = KindPlayStep, PlayStep{Step: steps[len(t.Play.Steps)%len(steps)]}
		default:
			switch t.Info.Slug {
			case kks.Slug:
				if rnd.IntN(3) == 0 && len(t.Players) == 2 && !going {
					kind, payload = KindPlayStarted, PlayStarted{Setup: guidedSetup}
				} else {
					kind, payload = KindGameRecorded, GameRecorded{State: json.RawMessage([]string{kksTom89, kksTom89, kksShort}[rnd.IntN(3)])}
				}
			case "sum":
				kind, payload = KindGameRecorded, GameRecorded{State: state(rnd.IntN(10), rnd.IntN(10), rnd.IntN(10))}
			case cambio.Slug:
				n := t.Games.Len() + 1
				if going {
					n = cur.Number
				}
				kind, payload = KindRoundRecorded, RoundRecorded{Game: n, Round: round(len(events))}
			case sheet.Slug:
				n := t.Games.Len() + 1
				if going {
					n = cur.Number
				}
				kind, payload = KindRoundRecorded, RoundRecorded{Game: n, Round: sheetRound(rnd.IntN(3) == 0)}
			case kodiak.Slug:
				n := t.Games.Len() + 1
				if going {
					n = cur.Number
				}
				kind, payload = KindRoundRecorded, RoundRecorded{Game: n, Round: kodiakRound()}
			}
		}
		if kind == "" {
			continue
		}
		body, err := json.Marshal(payload)
		if err != nil {
			panic(err)
		}
		next := append(slices.Clip(events), Event{Seq: len(events) + 1, Kind: kind, Payload: body, At: at.Add(time.Duration(len(events)) * time.Minute)})
		if _, err := Replay("k", next, findAll); err == nil {
			events = next
		}
	}
	return events
}

// comparable is t with what is not data taken out: its finder and its
// cache of what pages derived.
// A game's result and a log entry's round points are compared as Result
// and Points read them (a loaded game and entry keep them encoded).
func comparable(t Table) Table {
	t.find, t.derived = nil, nil
	t.effect = withoutFacts(t.effect)
	t.facts = flatFacts(t.facts)
	t.Play = withoutKept(t.Play)
	// The games as one list (a replayed and a loaded table may keep
	// them in chunks of other arrays).
	games := t.Games.Slice(0, t.Games.Len())
	for i := range games {
		games[i] = eagerGame(games[i])
	}
	if t.Games.isNil() {
		games = nil
	}
	t.Games = GameListOf(games)
	// The log as its entries (a loaded one keeps chunks encoded).
	t.Log = logOf(t.Log.Entries()...)
	for i := range t.Log.entries {
		le := &t.Log.entries[i]
		le.points, le.lazy = le.Points(), pointsRef{}
		if le.After != nil {
			g := eagerGame(*le.After)
			le.After = &g
		}
	}
	return t
}

// flatFacts is f with its games' facts as one list (a replayed and a
// loaded table may keep them in chunks of other arrays).
func flatFacts(f *facts) *facts {
	if f == nil {
		return nil
	}
	c := *f
	c.done = doneOf(f.done.slice())
	return &c
}

// eagerGame is g with its result read.
func eagerGame(g Game) Game {
	r := g.Result()
	g.result, g.lazy = &r, resultRef{}
	return g
}

// withoutFacts is a copy of the stack of events in effect without the
// facts each keeps from before it: a snapshot does not write them (it
// keeps a factsCheck instead, left out too).
func withoutFacts(fx *effect) *effect {
	if fx == nil {
		return nil
	}
	c := *fx
	c.facts, c.check, c.next, c.lower = nil, nil, withoutFacts(fx.down()), nil
	if c.prev != nil {
		g := eagerGame(*c.prev)
		c.prev = &g
	}
	c.play = withoutKept(c.play)
	return &c
}

// withoutKept is a guided game without the position kept with it: a
// snapshot does not write it (the game is replayed once after a load).
func withoutKept(p *Play) *Play {
	if p == nil {
		return nil
	}
	c := *p
	c.kept = scoring.Kept{}
	return &c
}

// sameTables fails when got is not the table want is, naming the first
// place they differ.
func sameTables(t *testing.T, what string, got, want Table) {
	t.Helper()
	if !reflect.DeepEqual(comparable(got), comparable(want)) {
		t.Fatalf("%s: %s", what, diff("table", reflect.ValueOf(comparable(got)), reflect.ValueOf(comparable(want)), 0))
	}
}

// diff names the first place a and b differ ("" for none), reading
// unexported fields too.
func diff(path string, a, b reflect.Value, depth int) string {
	if a.Kind() != b.Kind() || a.Type() != b.Type() {
		return path + ": types differ"
	}
	if depth > 50000 {
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v, want nil %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		}
		if a.Kind() == reflect.Interface && a.Elem().Type() != b.Elem().Type() {
			return fmt.Sprintf("%s: %s, want %s", path, a.Elem().Type(), b.Elem().Type())
		}
		return diff(path, a.Elem(), b.Elem(), depth+1)
	case reflect.Struct:
		for i := range a.NumField() {
			if d := diff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i), depth+1); d != "" {
				return d
			}
		}
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v, want nil %v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d long, want %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i), depth+1); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries (nil %v), want %d (nil %v)", path, a.Len(), a.IsNil(), b.Len(), b.IsNil())
		}
		for _, k := range a.MapKeys() {
			if d := diff(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), b.MapIndex(k), depth+1); d != "" {
				return d
			}
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q, want %q", path, a.String(), b.String())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d, want %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d, want %d", path, a.Uint(), b.Uint())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v, want %v", path, a.Bool(), b.Bool())
		}
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return fmt.Sprintf("%s: %v, want %v", path, a.Float(), b.Float())
		}
	case reflect.Func:
		if a.IsNil() != b.IsNil() {
			return path + ": a func against none"
		}
	}
	return ""
}

// A table loaded from its snapshot is the table Replay builds, for logs
// of every kind of event and game: from one part (the whole table), and
// from a base and the parts since, made at random heads.
func TestSnapshotIsTheReplay(t *testing.T) {
	noStore(t)
	withoutRace(t)
	rnd := rand.New(rand.NewPCG(7, 11))
	kinds := map[Kind]int{}
	for i := range 24 {
		events := genLog(rnd, 15+rnd.IntN(40))
		if i%3 == 2 { // notes, and pauses in the games' times
			events = withNotesAndPauses(rnd, events)
		}
		for _, e := range events {
			kinds[e.Kind]++
		}
		want, err := Replay("k", events, findAll)
		if err != nil {
			t.Fatal(err)
		}
		part, err := encodePart(&want, 0, "test")
		if err != nil {
			t.Fatalf("log %d: %v", i, err)
		}
		var got Table
		if err := decodePart(&got, part, findAll); err != nil {
			t.Fatalf("log %d: %v", i, err)
		}
		sameTables(t, fmt.Sprintf("log %d, one part", i), got, want)

		// Parts at random heads, loaded part by part as a copy each
		// (decodePart) and in place (as loadSnapshot loads them).
		var heads []int
		for h := 1 + rnd.IntN(5); h < len(events); h += 1 + rnd.IntN(12) {
			heads = append(heads, h)
		}
		heads = append(heads, len(events))
		var loaded, inPlace Table
		from := 0
		for k, h := range heads {
			at, err := Replay("k", events[:h], findAll)
			if err != nil {
				t.Fatal(err)
			}
			part, err := encodePart(&at, from, "test")
			if err != nil {
				t.Fatalf("log %d, part %d–%d: %v", i, from, h, err)
			}
			if err := decodePart(&loaded, part, findAll); err != nil {
				t.Fatalf("log %d, part %d–%d: %v", i, from, h, err)
			}
			sameTables(t, fmt.Sprintf("log %d, parts to %d", i, h), loaded, at)
			if err := decodeOnto(&inPlace, part, findAll, k > 0); err != nil {
				t.Fatalf("log %d, part %d–%d in place: %v", i, from, h, err)
			}
			sameTables(t, fmt.Sprintf("log %d, parts to %d in place", i, h), inPlace, at)
			from = h
		}
	}
	for _, k := range []Kind{KindPlayerJoined, KindGameRecorded, KindGameCorrected, KindUndo, KindRoundRecorded, KindRoundCorrected,
		KindPlayStarted, KindPlayStep, KindGameChosen, KindGameImported, KindGameSettled, KindPlayStopped, KindClockStarted, KindClockPaused,
		KindGameNoted, KindEveningNoted} {
		if kinds[k] == 0 {
			t.Errorf("no log held a %s event", k)
		}
	}
	t.Logf("events by kind: %v", kinds)
}

// A loaded table goes on as a replayed one does: the next events applied
// to it give the table Replay gives for the longer log.
func TestSnapshotLoadedTableGoesOn(t *testing.T) {
	noStore(t)
	withoutRace(t)
	rnd := rand.New(rand.NewPCG(3, 5))
	for i := range 8 {
		events := genLog(rnd, 40)
		cut := len(events) / 2
		_, loaded := loadedBase(t, events[:cut])
		if err := loaded.applyAll(events[cut:], nil); err != nil {
			t.Fatal(err)
		}
		want, _ := Replay("k", events, findAll)
		loaded.ownGames = false
		sameTables(t, fmt.Sprintf("log %d", i), loaded, want)
	}
}

// loadedBase replays events, writes the table as a base part and reads
// the part back, as a restart loads it: the replayed table and the
// loaded one.
func loadedBase(t testing.TB, events []Event) (replayed, loaded Table) {
	t.Helper()
	replayed, err := Replay("k", events, findAll)
	if err != nil {
		t.Fatal(err)
	}
	part, err := encodePart(&replayed, 0, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := decodePart(&loaded, part, findAll); err != nil {
		t.Fatal(err)
	}
	return replayed, loaded
}

// A part that is not whole, or whose bytes changed, or that does not
// follow the table it is applied to, is refused, never read as another
// table.
func TestSnapshotRefusesDamagedParts(t *testing.T) {
	noStore(t)
	rnd := rand.New(rand.NewPCG(1, 1))
	events := genLog(rnd, 40)
	tb, _ := Replay("k", events, findAll)
	part, err := encodePart(&tb, 0, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, damaged := range [][]byte{nil, part[:10], part[:len(part)-1], append(slices.Clone(part), 0)} {
		var got Table
		if err := decodePart(&got, damaged, findAll); err == nil {
			t.Errorf("a part of %d bytes (of %d) was read", len(damaged), len(part))
		}
	}
	for i := range part {
		flipped := slices.Clone(part)
		flipped[i] ^= 0x10
		var got Table
		if err := decodePart(&got, flipped, findAll); err == nil {
			t.Fatalf("byte %d of %d changed, and the part was read", i, len(part))
		}
	}
	half, _ := Replay("k", events[:20], findAll)
	delta, err := encodePart(&tb, 20, "test")
	if err != nil {
		t.Fatal(err)
	}
	var base Table
	if err := decodePart(&base, delta, findAll); err == nil {
		t.Error("a part since head 20 was read as a whole table")
	}
	other, _ := Replay("k", events[:19], findAll)
	if err := decodePart(&other, delta, findAll); err == nil {
		t.Error("a part since head 20 was applied to the table at 19")
	}
	if err := decodePart(&half, delta, findAll); err != nil {
		t.Errorf("the part since 20 on the table at 20: %v", err)
	}
}

// FuzzSnapshotDecode: no bytes make the decoder panic or read a table
// that its checks would refuse.
func FuzzSnapshotDecode(f *testing.F) {
	rnd := rand.New(rand.NewPCG(2, 3))
	for range 4 {
		events := genLog(rnd, 30)
		tb, _ := Replay("k", events, findAll)
		part, _ := encodePart(&tb, 0, "seed")
		f.Add(part)
		// In chunks of two entries: the older ones in the part's rest.
		part, _ = encodeChunked(&tb, 0, "seed", 2)
		f.Add(part)
	}
	f.Fuzz(func(t *testing.T, part []byte) {
		var got Table
		if err := decodePart(&got, part, findAll); err != nil {
			return
		}
		if got.Head != got.Log.Len() || got.Head < 1 || got.engine == nil {
			t.Errorf("read a table at %d with %d events", got.Head, got.Log.Len())
		}
	})
}

// TestSnapshotCoversTable lists what the snapshot codec writes: every
// field of a table as replay builds it, and of what it holds. A field
// added or changed here is state a snapshot would lose: snapcodec.go must
// write and read it (TestSnapshotIsTheReplay then checks it does), and
// snapshotVersion must change, so snapshots made without it are not read.
func TestSnapshotCoversTable(t *testing.T) {
	written := map[string][]string{
		"sessions.Table": {"Key string", "Info scoring.Info", "Name string", "Options json.RawMessage", "Opened string", "First string",
			"Players []string", "Games sessions.GameList", "Head int", "Log sessions.Log", "Created time.Time", "Play *sessions.Play",
			"derived *sync.Map", "engine scoring.Game", "find sessions.Finder", "effect *sessions.effect", "depth int", "tally sessions.Tally",
			"facts *sessions.facts", "broken error", "bytes int", "ownGames bool"},
		"sessions.facts": {"notes map[int]string", "evening sessions.span", "pending sessions.span", "clock sessions.Clock", "cur sessions.gameFacts",
			"done sessions.doneList", "started int"},
		// doneList: the games' facts in chunks, a base's kept encoded until read (done.go)
		"sessions.doneList": {"full [][]sessions.gameFacts", "tail []sessions.gameFacts", "kept *sessions.keptDone"},
		"sessions.keptDone": {"part *sessions.snapPart", "chunks []sessions.keptChunk[tablemate/sessions.gameFacts]"},
		"sessions.keptChunk[tablemate/sessions.gameFacts]": {"partSpan sessions.partSpan", "read atomic.Pointer[[]tablemate/sessions.gameFacts]"},
		"sessions.gameFacts": {"number int", "seen bool", "times sessions.span", "clocked bool", "clock sessions.Clock"},
		"sessions.span":      {"n int", "first time.Time", "last time.Time", "played time.Duration", "paused time.Duration"},
		"sessions.Clock":     {"Game int", "Used bool", "Running bool", "Since time.Time", "Ran time.Duration"},
		"sessions.Game": {"Number int", "Info scoring.Info", "engine scoring.Game", "Seq int", "State json.RawMessage", "result *scoring.Result",
			"lazy sessions.resultRef", "Corrected bool", "Err string", "Imported *sessions.GameImported", "Settled bool", "Unfinished bool", "Record sessions.GameRecord", "rounds int"},
		"sessions.LogEntry": {"Event sessions.Event", "Game int", "Round int", "Move int", "After *sessions.Game", "points []sessions.RoundPoints",
			"lazy sessions.pointsRef", "opened bool", "engine scoring.Game", "undone *atomic.Int64"},
		"sessions.Event":       {"Seq int", "Kind sessions.Kind", "Payload json.RawMessage", "At time.Time"},
		"sessions.RoundPoints": {"Name string", "Points int", "Lines []scoring.Line"},
		"sessions.effect": {"seq int", "game int", "added bool", "prev *sessions.Game", "joined bool", "chosen *sessions.playing",
			"playChanged bool", "play *sessions.Play", "broken error", "facts *sessions.facts", "check *sessions.factsCheck", "next *sessions.effect", "lower *sessions.stackLink"},
		"sessions.keptStack":  {"n int", "per int", "part *sessions.snapPart", "find sessions.Finder", "chunks []sessions.keptChunk[tablemate/sessions.effect]"},
		"sessions.stackLink":  {"stack *sessions.keptStack", "c int"},
		"sessions.factsCheck": {"state *sessions.factsState", "game *sessions.gameFacts", "note *sessions.noteWas"},
		"sessions.factsState": {"none bool", "evening sessions.span", "pending sessions.span", "clock sessions.Clock", "cur sessions.gameFacts", "started int",
			"done int", "doneNil bool"},
		"sessions.noteWas":   {"key int", "note string", "ok bool"},
		"sessions.Log":       {"kept *sessions.keptLog", "entries []sessions.LogEntry"},
		"sessions.GameList":  {"full [][]sessions.Game", "tail []sessions.Game", "kept *sessions.keptGames"}, // kept: a base's chunks, read from its part (the format is unchanged)
		"sessions.keptGames": {"part *sessions.snapPart", "find sessions.Finder", "chunks []sessions.keptChunk[tablemate/sessions.Game]"},
		"sessions.keptChunk[tablemate/sessions.Game]":     {"partSpan sessions.partSpan", "read atomic.Pointer[[]tablemate/sessions.Game]"},
		"sessions.keptLog":                                {"n int", "per int", "part *sessions.snapPart", "head int", "find sessions.Finder", "chunks []sessions.keptChunk[tablemate/sessions.LogEntry]"},
		"sessions.keptChunk[tablemate/sessions.LogEntry]": {"partSpan sessions.partSpan", "read atomic.Pointer[[]tablemate/sessions.LogEntry]"},
		"sessions.keptChunk[tablemate/sessions.effect]":   {"partSpan sessions.partSpan", "read atomic.Pointer[[]tablemate/sessions.effect]"},
		"sessions.partSpan":                               {"at uint32", "end uint32"},
		"sessions.pointsRef":                              {"part *sessions.snapPart", "at uint32", "end uint32"},
		"sessions.resultRef":                              {"part *sessions.snapPart", "i uint32"},
		"sessions.snapPart":                               {"body []uint8", "cut int", "strs []string", "lines []scoring.Line", "results []sessions.lazyResult", "restOf sessions.restOf"},
		// restOf: a base's rest, read from the database when first read (snaprest.go)
		"sessions.restOf":     {"restLen int", "restSum uint32", "rest atomic.Pointer[[]uint8]", "mu sync.Mutex", "src *sessions.restSource", "fetched atomic.Int32"},
		"sessions.lazyResult": {"game uint32", "at uint32", "end uint32", "read atomic.Pointer[tablemate/scoring.Result]"},
		"sessions.GameRecord": {"Number int", "Game string", "Sheet string", "Kind string", "Status sessions.GameStatus", "Settled bool",
			"Over bool", "Unfinished bool", "Counted bool", "LowestWins bool", "Rule sessions.RankRule", "Corrected bool", "Rounds int",
			"Violations int", "Warnings int", "Seats []sessions.Seat", "Winners []string"},
		"sessions.Seat":    {"Name string", "Score int", "Place int", "Won bool", "Tied int"},
		"sessions.playing": {"info scoring.Info", "engine scoring.Game", "options json.RawMessage", "first string"},
		"sessions.Play":    {"Setup json.RawMessage", "Steps []json.RawMessage", "StartSeq int", "Players []string", "kept scoring.Kept"}, // kept: not written, replayed once after a load
		"scoring.Result": {"Game string", "Valid bool", "GameOver bool", "Violations []scoring.Violation", "Warnings []scoring.Violation",
			"Players []scoring.PlayerResult", "Winners []string", "TieBreak string", "TieBreakPhrase scoring.Phrase"},
		"scoring.PlayerResult": {"Name string", "Total int", "Breakdown []scoring.Line", "Rounds []int"},
		"scoring.Line":         {"Label string", "Points int", "Phrase scoring.Phrase"},
		"scoring.Violation":    {"Code string", "Player string", "Rule string", "Message string", "Phrase scoring.Phrase"},
		"scoring.Phrase":       {"format string", "args []interface {}", "one string", "none string"},
	}
	for _, v := range []any{Table{}, Log{}, GameList{}, keptGames{}, keptChunk[Game]{}, keptLog{}, keptChunk[LogEntry]{}, partSpan{}, Game{}, LogEntry{}, Event{}, RoundPoints{}, pointsRef{}, resultRef{}, snapPart{}, restOf{}, lazyResult{}, GameRecord{}, Seat{}, effect{}, keptStack{}, keptChunk[effect]{}, stackLink{}, factsCheck{}, factsState{}, noteWas{}, playing{}, Play{}, facts{}, doneList{}, keptDone{}, keptChunk[gameFacts]{}, gameFacts{}, span{}, Clock{},
		scoring.Result{}, scoring.PlayerResult{}, scoring.Line{}, scoring.Violation{}, scoring.Phrase{}} {
		typ := reflect.TypeOf(v)
		var fields []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			fields = append(fields, f.Name+" "+f.Type.String())
		}
		if want := written[typ.String()]; !slices.Equal(fields, want) {
			t.Errorf("%s is now {%s}; the snapshot writes {%s}: make snapencode.go and snapdecode.go write and read what changed, and change snapshotVersion",
				typ, strings.Join(fields, "; "), strings.Join(want, "; "))
		}
	}
}

// cambioLog is a Cambio table of n events, a round each, five rounds a
// game (web/server's long table).
func cambioLog(n int) []Event {
	events := log(KindTableCreated, TableCreated{Game: cambio.Slug, Name: "Long Cambio", Players: []string{"Ana", "Ben", "Cy"}})
	hands := [][3]string{{`"5","6"`, `"3","4"`, `"2"`}, {`"4","7"`, `"7"`, `"1","1"`}, {`"11"`, `"2","5"`, `"0","2"`}}
	for i := range n - 1 {
		h := hands[i%len(hands)]
		round := fmt.Sprintf(`{"players":[{"name":"Ana","cards":[%s]},{"name":"Ben","cards":[%s]},{"name":"Cy","cards":[%s],"cambio":true}]}`, h[0], h[1], h[2])
		body, _ := json.Marshal(RoundRecorded{Game: i/5 + 1, Round: json.RawMessage(round)})
		events = append(events, Event{Seq: len(events) + 1, Kind: KindRoundRecorded, Payload: body,
			At: time.Date(2026, 11, 20, 19+i/60%5, i%60, 0, 0, time.UTC)})
	}
	return events
}

// BenchmarkSnapshotLoad decodes a long Cambio table's snapshot as a cold
// start does: one base (as written at shutdown), or a base and 32 parts
// of 32 events each (as written while the table is played).
func BenchmarkSnapshotLoad(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 20000} {
		events := cambioLog(n)
		for _, shape := range []string{"base", "base+32"} {
			var parts [][]byte
			cut := n
			if shape == "base+32" {
				cut = max(n-32*32, 1)
			}
			at, err := Replay("k", events[:cut], findAll)
			if err != nil {
				b.Fatal(err)
			}
			part, err := encodePart(&at, 0, "bench")
			if err != nil {
				b.Fatal(err)
			}
			parts = append(parts, part)
			for from := cut; from < n; from += 32 {
				if err := at.applyAll(events[from:min(from+32, n)], nil); err != nil {
					b.Fatal(err)
				}
				part, err := encodePart(&at, from, "bench")
				if err != nil {
					b.Fatal(err)
				}
				parts = append(parts, part)
			}
			size := 0
			for _, p := range parts {
				size += len(p)
			}
			b.Run(fmt.Sprintf("events=%d/%s", n, shape), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					var t Table
					for i, p := range parts {
						if err := decodeOnto(&t, p, findAll, i > 0); err != nil { // as loadSnapshot does
							b.Fatal(err)
						}
					}
					if t.Head != n {
						b.Fatal(t.Head)
					}
				}
				b.ReportMetric(float64(size), "part-bytes")
			})
		}
	}
}

// A loaded entry's round points (kept encoded, read by Points) and a
// loaded game's result (read by Result) are the replay's, also after later events corrected the rounds' games: loaded
// from a base and parts at random heads, in place as loadSnapshot loads
// them, then the rest of the log applied, every entry's Points equals
// the entry's of the table Replay builds, and every game's Result the
// game's. The logs correct rounds and
// undo often, and the test fails unless some loaded entries' rounds were
// corrected since (their game is no longer the game they scored).
func TestLazyReadsAreTheReplays(t *testing.T) {
	noStore(t)
	withoutRace(t)
	rnd := rand.New(rand.NewPCG(17, 19))
	lazy, changed, lazyGames, kept, undoneSince := 0, 0, 0, 0, 0
	for i := range 16 {
		events := genLog(rnd, 30+rnd.IntN(40))
		cut := 1 + rnd.IntN(len(events))
		loaded := loadInParts(t, rnd, i, events, cut)
		want, err := Replay("k", events, findAll)
		if err != nil {
			t.Fatal(err)
		}
		// The entries the base kept encoded: who took each back, as the
		// replay says, also when a later part or event did.
		if k := loaded.Log.kept; k != nil {
			kept += k.n
			for seq := 1; seq <= k.n; seq++ {
				if got, w := loaded.UndoneBy(seq), want.UndoneBy(seq); got != w {
					t.Fatalf("log %d, event %d: undone by %d, want %d", i, seq, got, w)
				} else if got > k.head {
					undoneSince++
				}
			}
		}
		for k, le := range loaded.Log.All() {
			got, wantPts := le.Points(), want.Log.At(k).Points()
			if !reflect.DeepEqual(got, wantPts) {
				t.Fatalf("log %d (loaded to %d of %d), event %d (%s of game %d): points %+v, want %+v",
					i, cut, len(events), le.Seq, le.Kind, le.Game, got, wantPts)
			}
			if le.lazy.part == nil {
				continue
			}
			lazy++
			var now scoring.Result // none when an undo took the game back
			if le.Game <= loaded.Games.Len() {
				now = loaded.Games.At(le.Game - 1).Result()
			}
			if then, ok := want.GameAsOf(le.Game, le.Seq); ok && len(got) > 0 && !reflect.DeepEqual(then.Result(), now) {
				changed++
			}
		}
		// The games' results too, and the games entries and events in
		// effect keep: those a part gave keep them encoded.
		for k, g := range loaded.Games.All() {
			if g.lazy.part != nil {
				lazyGames++
			}
			if !reflect.DeepEqual(g.Result(), want.Games.At(k).Result()) {
				t.Fatalf("log %d (loaded to %d of %d), game %d: result %+v, want %+v", i, cut, len(events), k+1, g.Result(), want.Games.At(k).Result())
			}
		}
		for k, le := range loaded.Log.All() {
			if le.After != nil && !reflect.DeepEqual(le.After.Result(), want.Log.At(k).After.Result()) {
				t.Fatalf("log %d, event %d: the game it left has result %+v, want %+v", i, le.Seq, le.After.Result(), want.Log.At(k).After.Result())
			}
		}
		for fx, wfx := loaded.effect, want.effect; fx != nil && wfx != nil; fx, wfx = fx.down(), wfx.down() {
			if (fx.prev == nil) != (wfx.prev == nil) || fx.prev != nil && !reflect.DeepEqual(fx.prev.Result(), wfx.prev.Result()) {
				t.Fatalf("log %d, event %d in effect: the game before it differs", i, fx.seq)
			}
		}
		// And the whole table: every entry of the kept chunks with the
		// game it left (read from the part's bytes, not from its pool,
		// which the later parts overwrote in place).
		loaded.ownGames = false
		sameTables(t, fmt.Sprintf("log %d (loaded to %d of %d)", i, cut, len(events)), loaded, want)
	}
	if lazy == 0 || changed == 0 || lazyGames == 0 || kept == 0 || undoneSince == 0 {
		t.Fatalf("%d loaded entries kept their points encoded, %d of them of a round corrected since, %d games their results, %d entries kept encoded in chunks, %d of them undone after the base: the test read nothing lazily, no corrected round or no later undo",
			lazy, changed, lazyGames, kept, undoneSince)
	}
	t.Logf("%d entries read lazily, %d of rounds whose game changed since; %d games; %d entries kept in chunks, %d undone after the base", lazy, changed, lazyGames, kept, undoneSince)
}

// A loaded table is read by many requests at once: its games' results
// and entries' points, read first by several goroutines together, are
// each the replay's (go test -race checks the reads share nothing
// unsafely).
func TestLazyReadsAtOnce(t *testing.T) {
	noStore(t)
	want, loaded := loadedInChunks(t, cambioLog(400), 16)
	if k := loaded.Log.kept; k == nil || len(k.chunks) != 25 || k.chunks[1].read.Load() != nil {
		t.Fatal("the loaded table decoded its log whole")
	}
	if loaded.Games.Len() == 0 || loaded.Games.At(0).lazy.part == nil || loaded.Log.At(1).lazy.part == nil {
		t.Fatal("the loaded table decoded its results and points whole")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 4 {
		wg.Go(func() {
			// Half of them read the log newest first, as a page does.
			if g%2 == 1 {
				for i, le := range loaded.Log.Backward(loaded.Log.Len()) {
					if w := want.Log.At(i); le.Seq != w.Seq || le.Kind != w.Kind || !reflect.DeepEqual(le.Points(), w.Points()) || loaded.UndoneBy(le.Seq) != want.UndoneBy(le.Seq) {
						errs <- fmt.Sprintf("event %d", i+1)
						return
					}
				}
			}
			for i, g := range loaded.Games.All() {
				if !reflect.DeepEqual(g.Result(), want.Games.At(i).Result()) {
					errs <- fmt.Sprintf("game %d", i+1)
					return
				}
			}
			for i, le := range loaded.Log.All() {
				if !reflect.DeepEqual(le.Points(), want.Log.At(i).Points()) {
					errs <- fmt.Sprintf("event %d", i+1)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("%s read at once differs from the replay's", e)
	}
}

// loadInParts is log i's table as a restart gives it: events[:cut] from
// snapshot parts of random lengths, each written in short chunks so that
// a base keeps several encoded (a chunk is decoded when first read, some
// only after later parts were applied in place), then the events after
// cut applied as a cached table's update does.
func loadInParts(t *testing.T, rnd *rand.Rand, i int, events []Event, cut int) Table {
	t.Helper()
	var loaded Table
	from := 0
	for k := 0; from < cut; k++ {
		h := min(from+1+rnd.IntN(15), cut)
		at, err := Replay("k", events[:h], findAll)
		if err != nil {
			t.Fatal(err)
		}
		part, err := encodeChunked(&at, from, "test", 1+rnd.IntN(8))
		if err != nil {
			t.Fatalf("log %d, part %d–%d: %v", i, from, h, err)
		}
		if err := decodeOnto(&loaded, part, findAll, k > 0); err != nil {
			t.Fatalf("log %d, part %d–%d: %v", i, from, h, err)
		}
		from = h
	}
	if err := loaded.applyAll(events[cut:], nil); err != nil {
		t.Fatal(err)
	}
	return loaded
}

// loadedInChunks is events' table replayed, and as a restart loads it
// from one snapshot part whose log is kept in chunks of per entries.
func loadedInChunks(t *testing.T, events []Event, per int) (replayed, loaded Table) {
	t.Helper()
	replayed, err := Replay("k", events, findAll)
	if err != nil {
		t.Fatal(err)
	}
	part, err := encodeChunked(&replayed, 0, "test", per)
	if err != nil {
		t.Fatal(err)
	}
	if err := decodePart(&loaded, part, findAll); err != nil {
		t.Fatal(err)
	}
	return replayed, loaded
}
