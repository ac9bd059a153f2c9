//! The tests' random numbers: a small deterministic generator, so that tests need no
//! dependency and give the same games every run.

pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    pub(crate) fn below(&mut self, bound: u32) -> u32 {
        (self.next() % u64::from(bound)) as u32
    }
    pub(crate) fn unit(&mut self) -> f64 {
        self.next() as f64 / (1u64 << 31) as f64
    }
}
