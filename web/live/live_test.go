package live

import "testing"

func TestLivePublishNeverBlocks(t *testing.T) {
	l := New()
	sub, cancel := l.Subscribe("t", "link")
	defer cancel()
	for head := 1; head <= 100; head++ {
		l.Publish("t", head) // nobody reads: must not block
	}
	if got := <-sub.heads; got != 100 {
		t.Fatalf("a slow reader got head %d, want the newest (100)", got)
	}
	l.Publish("other", 1)
}
