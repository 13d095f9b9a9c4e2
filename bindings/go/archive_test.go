package ckzg4844_test

import (
	"bytes"
	"debug/elf"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// arMembers returns the members of a System V archive, by name.
func arMembers(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("!<arch>\n")) {
		t.Fatal("not an ar archive")
	}
	members := map[string][]byte{}
	for off := 8; off+60 <= len(data); {
		header := data[off : off+60]
		name := strings.TrimSpace(string(header[:16]))
		size, err := strconv.Atoi(strings.TrimSpace(string(header[48:58])))
		if err != nil || off+60+size > len(data) {
			t.Fatalf("bad archive member header %q", header)
		}
		members[name] = data[off+60 : off+60+size]
		off += 60 + size + size%2
	}
	return members
}

// TestArchiveExportsOnlyTheAPI checks that the objects of the archive the
// package links define no global symbol but the functions of ckzg.h (listed
// in symbols.txt): blst's and Rust's symbols are local, so they neither
// clash with nor bind to another copy of blst in the same binary.
func TestArchiveExportsOnlyTheAPI(t *testing.T) {
	want, err := os.ReadFile("symbols.txt")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("lib/libfastkzg_go.a")
	if err != nil {
		t.Fatal(err)
	}
	var globals []string
	objects := 0
	for name, member := range arMembers(t, data) {
		if name == "/" || name == "//" {
			continue // symbol and name tables
		}
		f, err := elf.NewFile(bytes.NewReader(member))
		if err != nil {
			t.Fatalf("member %s: %v", name, err)
		}
		symbols, err := f.Symbols()
		if err != nil {
			t.Fatalf("member %s: %v", name, err)
		}
		for _, s := range symbols {
			bind := elf.ST_BIND(s.Info)
			if (bind == elf.STB_GLOBAL || bind == elf.STB_WEAK) && s.Section != elf.SHN_UNDEF {
				globals = append(globals, s.Name)
			}
		}
		objects++
	}
	if objects == 0 {
		t.Fatal("the archive has no object")
	}
	sort.Strings(globals)
	wantList := strings.Fields(string(want))
	sort.Strings(wantList)
	if strings.Join(globals, " ") != strings.Join(wantList, " ") {
		t.Fatalf("global symbols defined by the archive:\n%v\nwant:\n%v", globals, wantList)
	}
}
