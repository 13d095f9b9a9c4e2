// Package peers compares fastkzg's Go binding with c-kzg-4844's Go binding
// (github.com/ethereum/c-kzg-4844/v2) and go-eth-kzg
// (github.com/crate-crypto/go-eth-kzg) in one test binary: the exported API
// and results of the drop-in against c-kzg's, and benchmarks of all three.
//
// c-kzg-4844 and fastkzg define the same C function names, so the tests and
// benchmarks build with the tag fastkzg_prefixed, which links fastkzg's
// archive with its functions renamed fastkzg_<name>:
//
//	go test -tags fastkzg_prefixed ./...
package peers
