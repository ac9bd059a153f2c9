//! ECCO codes (`A00`…`E99`) and their five families.

use std::fmt;
use std::str::FromStr;

/// The five families of ECCO 2004.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// 非中炮类开局 (不包括仙人指路局): openings other than the central cannon.
    A,
    /// 中炮对反宫马及其他: central cannon against the palace-corner horses and others.
    B,
    /// 中炮对屏风马: central cannon against the screen horses.
    C,
    /// 顺炮局和列炮局: same- and opposite-direction cannons.
    D,
    /// 仙人指路局: the pawn opening.
    E,
}

impl Family {
    pub const ALL: [Family; 5] = [Family::A, Family::B, Family::C, Family::D, Family::E];

    /// The letter, `A`…`E`.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    pub fn from_letter(c: char) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// The family's name in ECCO 2004.
    pub fn name(self) -> &'static str {
        match self {
            Family::A => "非中炮类开局",
            Family::B => "中炮对反宫马及其他",
            Family::C => "中炮对屏风马",
            Family::D => "顺炮局和列炮局",
            Family::E => "仙人指路局",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An ECCO code slot, `A00`…`E99` (assigned or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    pub family: Family,
    /// 0-99.
    pub number: u8,
}

/// A text that is not an ECCO code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCode(pub String);

impl fmt::Display for BadCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not an ECCO code (a letter A-E and two digits)",
            self.0
        )
    }
}

impl std::error::Error for BadCode {}

impl FromStr for Code {
    type Err = BadCode;

    /// `C72`; lower case and full-width letters and digits are read too.
    fn from_str(s: &str) -> Result<Code, BadCode> {
        let bad = || BadCode(s.to_owned());
        let cs: Vec<char> = s
            .trim()
            .chars()
            .map(|c| match c {
                'Ａ'..='Ｚ' | '０'..='９' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                _ => c.to_ascii_uppercase(),
            })
            .collect();
        let [letter, tens, units] = cs[..] else {
            return Err(bad());
        };
        let family = Family::from_letter(letter).ok_or_else(bad)?;
        let (Some(t), Some(u)) = (tens.to_digit(10), units.to_digit(10)) else {
            return Err(bad());
        };
        Ok(Code {
            family,
            number: (t * 10 + u) as u8,
        })
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.family.letter(), self.number)
    }
}

impl Code {
    /// The code a record's opening text starts with (`C72 五七炮…`, `c72`), if any.
    pub fn leading(text: &str) -> Option<Code> {
        let t = text.trim_start();
        let head: String = t.chars().take(3).collect();
        let code = head.parse().ok()?;
        let next = t.chars().nth(3);
        (!next.is_some_and(|c| c.is_ascii_alphanumeric())).then_some(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_print() {
        let c: Code = "c72".parse().unwrap();
        assert_eq!(c.to_string(), "C72");
        assert_eq!(c.family, Family::C);
        assert_eq!("Ｅ０１".parse::<Code>().unwrap().to_string(), "E01");
        assert!("F01".parse::<Code>().is_err());
        assert!("A1".parse::<Code>().is_err());
        assert!("A100".parse::<Code>().is_err());
        assert_eq!(
            "X9".parse::<Code>().unwrap_err().to_string(),
            "\"X9\" is not an ECCO code (a letter A-E and two digits)"
        );
    }

    #[test]
    fn leading_codes_of_opening_texts() {
        assert_eq!(
            Code::leading("C72 五七炮互进三兵对屏风马边卒右马外盘河 ").map(|c| c.to_string()),
            Some("C72".into())
        );
        assert_eq!(Code::leading("中炮对屏风马"), None);
        assert_eq!(Code::leading("A123"), None);
        assert!("A00" < "E99" && Code::leading("A00") < Code::leading("E99"));
    }
}
