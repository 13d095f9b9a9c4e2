//go:build !fastkzg_prefixed

package peers

import "testing"

func TestNeedsBuildTag(t *testing.T) {
	t.Fatal("build with -tags fastkzg_prefixed: without it c-kzg-4844 and fastkzg define the same C symbols")
}
