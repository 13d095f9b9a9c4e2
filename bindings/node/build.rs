//! Links the addon the way Node.js loads it (symbols resolved from the
//! `node` executable at load time).

fn main() {
    napi_build::setup();
}
