package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"tablemate/scoring"
)

func TestExportImportRoundTrip(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	ts.RecordGame(ctx, id, 1, "", state(10, 20, 5))
	ts.AddPlayer(ctx, id, 2, "", "Dee")
	ts.RecordGame(ctx, id, 3, "", state(1, 2, 3))
	ts.Undo(ctx, id, 4, "")
	x, err := ts.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	copyID, err := ts.Import(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ts.Table(ctx, id)
	b, _ := ts.Table(ctx, copyID)
	la, _ := ts.Links(ctx, id)
	lb, _ := ts.Links(ctx, copyID)
	if copyID == id || lb.View == la.View || b.Key == a.Key {
		t.Fatal("the import reuses the original's links")
	}
	if !reflect.DeepEqual(a.Standings(), b.Standings()) || a.Games.Len() != b.Games.Len() || !reflect.DeepEqual(a.Players, b.Players) {
		t.Fatalf("replayed differently:\n%+v\n%+v", a.Standings(), b.Standings())
	}
	y, _ := ts.Export(ctx, copyID)
	again, _ := json.Marshal(y)
	if string(again) != string(data) {
		t.Errorf("export → import → export changed the file:\n%s\n%s", data, again)
	}
}

func TestImportRejectsBadFilesAndWritesNothing(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	ts.RecordGame(ctx, id, 1, "", state(10, 20, 5))
	x, _ := ts.Export(ctx, id)
	mutate := func(f func(*Export)) []byte {
		var y Export
		b, _ := json.Marshal(x)
		json.Unmarshal(b, &y)
		f(&y)
		out, _ := json.Marshal(y)
		return out
	}
	tests := []struct {
		name, field string
		data        []byte
	}{
		{"not JSON", "", []byte("{")},
		{"unknown field", "extra", []byte(`{"format":"tablemate-table","version":1,"extra":1}`)},
		{"other format", "format", mutate(func(e *Export) { e.Format = "csv" })},
		{"future version", "version", mutate(func(e *Export) { e.Version = 9 })},
		{"no events", "events", mutate(func(e *Export) { e.Events = nil })},
		{"gap in seq", "events[1].seq", mutate(func(e *Export) { e.Events[1].Seq = 5 })},
		{"unknown kind", "events", mutate(func(e *Export) { e.Events[1].Kind = "dance" })},
		{"unreadable game", "events", mutate(func(e *Export) { e.Events[1].Payload = json.RawMessage(`{"state":{"players":"x"}}`) })},
		{"name mismatch", "events[0]", mutate(func(e *Export) { e.Name = "Other" })},
		{"duplicate players", "events", mutate(func(e *Export) {
			e.Events[0].Payload = json.RawMessage(`{"game":"sum","name":"Friday","players":["Ana","ana"]}`)
		})},
	}
	var before int
	st.read.QueryRow(`SELECT count(*) FROM events`).Scan(&before)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ts.Import(ctx, tt.data)
			var in *scoring.InputError
			if !errors.As(err, &in) || !strings.HasPrefix(in.Field, tt.field) || in.Message == "" {
				t.Fatalf("got %v, want an input error on %q", err, tt.field)
			}
		})
	}
	var after int
	st.read.QueryRow(`SELECT count(*) FROM events`).Scan(&after)
	if after != before {
		t.Errorf("rejected imports wrote %d events", after-before)
	}
}
