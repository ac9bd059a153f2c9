//! `alt`: the 5th-move proposals of a game.

use nom::bytes::complete::{take_while, take_while1};
use nom::combinator::{all_consuming, map, opt};
use nom::multi::separated_list0;
use nom::{IResult, Parser};

use crate::coord;

/// One token of an `alt` value (its syntax is judged by [`coord::parse_move`]).
fn alt_token(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !(c.is_ascii_whitespace() || c == ',' || c == ';')).parse(input)
}

fn alt_separator(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_whitespace() || c == ',' || c == ';').parse(input)
}

/// A proposal in an `alt` value: byte offset in the value, point (`None` = pass), length.
type AltPoint = (usize, Option<(u8, u8)>, usize);

/// What an `alt` value says: a list of points (with their byte offsets in the value) or a
/// declared number of proposals.
#[derive(Debug, PartialEq)]
pub(super) enum AltValue {
    Points(Vec<AltPoint>),
    Count(u8),
}

pub(super) fn parse_alt(value: &str) -> Result<AltValue, usize> {
    let blank = |c: char| c.is_ascii_whitespace();
    let trimmed = value.trim();
    if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return trimmed
            .parse::<u8>()
            .map(AltValue::Count)
            .map_err(|_| value.len() - value.trim_start().len());
    }
    let list = map(
        (
            take_while(blank),
            separated_list0(alt_separator, alt_token),
            opt(alt_separator),
        ),
        |(_, tokens, _)| tokens,
    );
    let tokens = match all_consuming(list).parse(value) {
        Ok((_, tokens)) => tokens,
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => {
            return Err(value.len() - e.input.len())
        }
        Err(nom::Err::Incomplete(_)) => return Err(0),
    };
    let mut points = Vec::with_capacity(tokens.len());
    for token in tokens {
        let offset = token.as_ptr() as usize - value.as_ptr() as usize;
        match coord::parse_move(token.as_bytes()) {
            Ok(point) => points.push((offset, point, token.len())),
            Err((i, _)) => return Err(offset + i),
        }
    }
    Ok(AltValue::Points(points))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_values() {
        assert_eq!(
            parse_alt("j10 g9"),
            Ok(AltValue::Points(vec![
                (0, Some((9, 9)), 3),
                (4, Some((6, 8)), 2)
            ]))
        );
        assert_eq!(
            parse_alt("i7,  g7 "),
            Ok(AltValue::Points(vec![
                (0, Some((8, 6)), 2),
                (5, Some((6, 6)), 2)
            ]))
        );
        assert_eq!(parse_alt("2"), Ok(AltValue::Count(2)));
        assert_eq!(parse_alt("h8 x"), Err(4));
        assert_eq!(parse_alt("h0"), Err(1));
        assert_eq!(
            parse_alt("H8 --"),
            Ok(AltValue::Points(vec![(0, Some((7, 7)), 2), (3, None, 2)]))
        );
    }
}
