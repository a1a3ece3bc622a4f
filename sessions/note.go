package sessions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"tablemate/scoring"
)

// A short note on a game ("Ben's first game", "with the expansion"):
// written like any entry (the version seen, a one-time token), undone
// like any, shown on the game's page and exported as the play's
// comments. The newest note in effect is the game's; an empty one takes
// it away. A note changes no result, so it is not part of the game:
// it is kept from the log as events come (facts.go, Table.Note).

// KindGameNoted records a game's note.
const KindGameNoted Kind = "game_noted"

// KindEveningNoted records the note of the evening (the whole table):
// written, checked and undone as a game's note is, shown on the evening's
// page and its games' pages, and exported with every game's comments
// after the game's own note (EveningNoteMark).
const KindEveningNoted Kind = "evening_noted"

// EveningNoted is the payload of KindEveningNoted.
type EveningNoted struct {
	Note string `json:"note"`
}

// EveningNoteMark starts the line that carries the evening's note in a
// play's comments, after the game's own note; an import reads the line
// back as the evening's note.
const EveningNoteMark = "Evening: "

// WithEveningNote is a game's comments with the evening's note as a line
// of its own after the game's note.
func WithEveningNote(game, evening string) string {
	if evening == "" {
		return game
	}
	if game == "" {
		return EveningNoteMark + evening
	}
	return game + "\n" + EveningNoteMark + evening
}

// SplitEveningNote takes a play's comments apart: the evening's note (the
// last line that starts with EveningNoteMark and holds a note as CheckNote
// takes it) and the rest, the game's. Comments without such a line are
// the game's alone.
func SplitEveningNote(comments string) (game, evening string) {
	lines := strings.Split(comments, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		rest, ok := strings.CutPrefix(strings.TrimRight(lines[i], "\r"), EveningNoteMark)
		if !ok {
			continue
		}
		note, err := CheckNote(rest)
		if err != nil || note == "" {
			return comments, ""
		}
		return strings.TrimSpace(strings.Join(slices.Delete(lines, i, i+1), "\n")), note
	}
	return comments, ""
}

// GameNoted is the payload of KindGameNoted.
type GameNoted struct {
	Game int    `json:"game"`
	Note string `json:"note"`
}

// MaxNoteLen is the most characters a note may have.
const MaxNoteLen = 280

// CheckNote cleans a note as names are (trimmed, NFC) and checks it as
// names are checked (no control, invisible or private characters, none
// that turn the direction of text), at most MaxNoteLen characters. The
// error names the field "note".
func CheckNote(note string) (string, error) {
	note = scoring.CleanName(note)
	if n := utf8.RuneCountInString(note); n > MaxNoteLen {
		return "", scoring.Errorf("note", "a note is at most %d characters (this one has %d)", MaxNoteLen, n)
	}
	if r, bad := scoring.Unwritable(note); bad {
		return "", scoring.Errorf("note", "a note cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", scoring.CodePoint(r))
	}
	return note, nil
}

// NoteGame sets the note of game n ("" takes it away).
func (ts *Tables) NoteGame(ctx context.Context, edit string, seen int, token string, n int, note string) (Appended, error) {
	clean, _ := CheckNote(note)
	want := repeat{KindGameNoted, map[string]any{"game": n, "note": clean}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return ts.decideNote(t, GameNoted{Game: n, Note: note})
	})
}

// NoteEvening sets the evening's note ("" takes it away).
func (ts *Tables) NoteEvening(ctx context.Context, edit string, seen int, token string, note string) (Appended, error) {
	clean, _ := CheckNote(note)
	want := repeat{KindEveningNoted, map[string]any{"note": clean}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return decideEveningNote(t, EveningNoted{Note: note})
	})
}

// decideEveningNote refuses a note that breaks the rules and the note the
// evening has already.
func decideEveningNote(t Table, e EveningNoted) (decision, error) {
	note, err := CheckNote(e.Note)
	if err != nil {
		return decision{}, err
	}
	if t.EveningNote() == note {
		return decision{}, scoring.Errorf("note", "the evening has this note already")
	}
	return decision{kind: KindEveningNoted, payload: EveningNoted{Note: note}}, nil
}

// decideNote refuses a game that is not there, a note that breaks the
// rules, and a note the game has already.
func (ts *Tables) decideNote(t Table, g GameNoted) (decision, error) {
	note, err := CheckNote(g.Note)
	if err != nil {
		return decision{}, err
	}
	if _, ok := t.Game(g.Game); !ok {
		return decision{}, scoring.Errorf("game", "this table has no game %d", g.Game)
	}
	if t.Note(g.Game) == note {
		return decision{}, scoring.Errorf("note", "game %d has this note already", g.Game)
	}
	return decision{kind: KindGameNoted, payload: GameNoted{Game: g.Game, Note: note}}, nil
}

// note applies a note: it checks the game is there; the note itself is
// read from the log (Table.Note).
func (t *Table) note(g GameNoted) error {
	if g.Game < 1 || g.Game > t.Games.Len() {
		return fmt.Errorf("notes game %d of %d", g.Game, t.Games.Len())
	}
	if _, err := CheckNote(g.Note); err != nil {
		return err
	}
	return nil
}

// Note is game n's note, "" when it has none. An imported game's note
// is its file's comments until the table writes another.
func (t Table) Note(n int) string {
	if note, ok := t.facts.note(n); ok {
		return note
	}
	if g, ok := t.Game(n); ok && g.Imported != nil {
		return g.Imported.Comments
	}
	return ""
}

// EveningNote is the evening's note, "" when it has none.
func (t Table) EveningNote() string {
	note, _ := t.facts.note(eveningKey)
	return note
}

// eveningKey is the evening's place among the notes (games count from 1).
const eveningKey = 0
