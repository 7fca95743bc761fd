pub mod http;
pub mod pool;
pub mod text;
