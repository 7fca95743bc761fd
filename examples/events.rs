fn main() {
    let text = std::env::args().nth(1).unwrap().replace("\\n", "\n");
    for (e, r) in mdbook_markdown::new_cmark_parser(&text, &Default::default()).into_offset_iter() {
        println!("{:?} {:?} {:?}", r.clone(), &text[r], e);
    }
}
