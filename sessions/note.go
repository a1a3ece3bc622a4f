package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"tablemate/scoring"
)

// A short note on a game ("Ben's first game", "with the expansion"):
// written like any entry (the version seen, a one-time token), undone
// like any, shown on the game's page and exported as the play's
// comments. The newest note in effect is the game's; an empty one takes
// it away. A note changes no result, so it is not part of the game:
// it is read from the log once per version (Table.Note).

// KindGameNoted records a game's note.
const KindGameNoted Kind = "game_noted"

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
	if g.Game < 1 || g.Game > len(t.Games) {
		return fmt.Errorf("notes game %d of %d", g.Game, len(t.Games))
	}
	if _, err := CheckNote(g.Note); err != nil {
		return err
	}
	return nil
}

// Note is game n's note, "" when it has none. An imported game's note
// is its file's comments until the table writes another.
func (t Table) Note(n int) string {
	if note, ok := t.notes()[n]; ok {
		return note
	}
	if g, ok := t.Game(n); ok && g.Imported != nil {
		return g.Imported.Comments
	}
	return ""
}

func (t Table) notes() map[int]string {
	return t.Derived("notes", func() any {
		notes := map[int]string{}
		for _, e := range t.Log {
			if e.Kind != KindGameNoted || t.UndoneBy(e.Seq) != 0 {
				continue
			}
			var g GameNoted
			if json.Unmarshal(e.Payload, &g) == nil {
				notes[g.Game] = g.Note
			}
		}
		return notes
	}).(map[int]string)
}
