module github.com/fastkzg/fastkzg/bindings/go/peers

go 1.22

require (
	github.com/crate-crypto/go-eth-kzg v1.5.0
	github.com/ethereum/c-kzg-4844/v2 v2.1.8
	github.com/fastkzg/fastkzg v0.0.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/consensys/bavard v0.1.27 // indirect
	github.com/consensys/gnark-crypto v0.16.0 // indirect
	github.com/mmcloughlin/addchain v0.4.0 // indirect
	github.com/supranational/blst v0.3.16 // indirect
	golang.org/x/sync v0.10.0 // indirect
	golang.org/x/sys v0.29.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
	rsc.io/tmplfunc v0.0.3 // indirect
)

replace github.com/fastkzg/fastkzg => ../../..
