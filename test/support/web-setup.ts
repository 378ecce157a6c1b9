// Browser tests drive real pages through real servers; give each test room.
jest.setTimeout(60_000);
