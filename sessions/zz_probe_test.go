package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"tablemate/scoring/games"
)

const kksState = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},{"name":"Victor","tokens":0,"display":{"red":"7 5"}}]}`

func kksExport(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Long","game":"koffer-katze-sombrero","events":[`)
	b.WriteString(`{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Long","players":["Amelia","Victor"]},"at":"2026-01-01T00:00:00Z"}`)
	for i := 2; i <= n; i++ {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"game_recorded","payload":{"state":%s},"at":"2026-01-01T00:00:00Z"}`, i, kksState)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

func TestZZProbe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	st, _ := Open(path)
	ctx := context.Background()
	st.Migrate(ctx)
	ts := NewTables(st, games.Find)
	t0 := time.Now()
	id, err := ts.Import(ctx, kksExport(10000))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("import %v", time.Since(t0))
	st.Close()
	st, _ = Open(path)
	defer st.Close()
	ts = NewTables(st, games.Find)
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	t0 = time.Now()
	tb, err := ts.Table(ctx, id)
	t.Logf("cold %v err %v", time.Since(t0), err)
	runtime.GC()
	runtime.ReadMemStats(&m1)
	t.Logf("heap %d MB bytes %d", (m1.HeapAlloc-m0.HeapAlloc)>>20, tb.bytes)
	head := tb.Head
	for i := 0; i < 5; i++ {
		t0 = time.Now()
		a, err := ts.RecordGame(ctx, id, head, "", json.RawMessage(kksState))
		if err != nil {
			t.Fatal(err)
		}
		head = a.Event.Seq
		t1 := time.Now()
		ts.Table(ctx, id)
		t.Logf("write %v view %v", t1.Sub(t0), time.Since(t1))
	}
	for i := 0; i < 3; i++ {
		st.append(ctx, id, head, "", KindGameRecorded, GameRecorded{State: json.RawMessage(kksState)})
		head++
		t0 = time.Now()
		ts.Table(ctx, id)
		t.Logf("view after foreign write %v", time.Since(t0))
	}
	t.Logf("%+v", ts.Stats())
}
