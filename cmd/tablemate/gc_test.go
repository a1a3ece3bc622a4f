package main

import (
	"math"
	"testing"
)

func TestParseBytesReadsGOMEMLIMITSizes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"512MiB", 512 << 20}, {"2GiB", 2 << 30}, {"1TiB", 1 << 40}, {"64KiB", 64 << 10}, {"1000B", 1000}, {"123456", 123456},
		{" 8 GiB ", 8 << 30}, {"off", math.MaxInt64},
	} {
		if got, err := parseBytes(tt.in); err != nil || got != tt.want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "lots", "-5MiB", "0", "1.5GiB", "512MB", "9999999TiB", "MiB"} {
		if got, err := parseBytes(bad); err == nil {
			t.Errorf("parseBytes(%q) = %d, want an error", bad, got)
		}
	}
}

// Without a flag or GOMEMLIMIT the limit is half the memory there is:
// something, and less than all of it.
func TestDefaultMemoryLimitIsHalfTheMemory(t *testing.T) {
	total := memTotal()
	if total == 0 {
		t.Skip("no /proc/meminfo here")
	}
	limit, err := parseBytes(defaultMemoryLimit())
	if err != nil || limit <= 0 || limit > total/2 {
		t.Errorf("default limit %d (%v) for %d bytes of memory", limit, err, total)
	}
}
