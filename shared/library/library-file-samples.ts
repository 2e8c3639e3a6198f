// Library files as other trackers and stores write them, by hand, for the import's tests (shared/library/).

/** Grouvee's collection export (its CSV columns as Grouvee writes them; the games and dates made up). */
export const GROUVEE_EXPORT = String.raw`id,name,shelves,platforms,rating,review,dates,statuses,genres,franchises,developers,publishers,release_date,url,giantbomb_id
12345,Hollow Knight,"{""Played"": {""date_added"": ""2021-03-04T10:11:12Z"", ""url"": ""https://www.grouvee.com/user/wren/shelves/101-played/""}}","{""PC"": {""url"": ""https://www.grouvee.com/platforms/pc/""}}",5,"A quiet, lovely dark.","[{""date_started"": ""2021-02-01"", ""date_finished"": ""2021-03-04"", ""level_of_completion"": ""Main Story"", ""seconds_played"": null}]","[{""status"": ""Completed"", ""date"": ""2021-03-04T10:11:12Z""}]","{""Platformer"": {""url"": ""https://www.grouvee.com/genres/platformer/""}}",,"{""Team Cherry"": {""url"": ""https://www.grouvee.com/developers/team-cherry/""}}","{""Team Cherry"": {""url"": ""https://www.grouvee.com/publishers/team-cherry/""}}",2017-02-24,https://www.grouvee.com/games/12345-hollow-knight/,50395
23456,Celeste,"{""Backlog"": {""date_added"": ""2022-01-02T00:00:00Z"", ""url"": ""https://www.grouvee.com/user/wren/shelves/103-backlog/""}, ""Wish List"": {""date_added"": ""2021-12-24T00:00:00Z"", ""url"": ""https://www.grouvee.com/user/wren/shelves/104-wish-list/""}}","{""Nintendo Switch"": {""url"": ""https://www.grouvee.com/platforms/switch/""}}",,,[],[],,,,,2018-01-25,https://www.grouvee.com/games/23456-celeste/,
34567,Disco Elysium,"{""Playing"": {""date_added"": ""2023-05-06T07:08:09Z"", ""url"": ""https://www.grouvee.com/user/wren/shelves/102-playing/""}}",,4,,[],[],,,,,2019-10-15,https://www.grouvee.com/games/34567-disco-elysium/,
45678,Slay the Spire,"{""Couch co-op night"": {""date_added"": ""2023-05-06T07:08:09Z"", ""url"": ""https://www.grouvee.com/user/wren/shelves/999-couch/""}}",,3,,[],[],,,,,2019-01-23,https://www.grouvee.com/games/45678-slay-the-spire/,
56789,Hades,,,"=HYPERLINK(""https://evil.example"",""5"")",,[],[],,,,,2020-09-17,https://www.grouvee.com/games/56789-hades/,
`;

/** A Backloggd-style export (Backloggd has no export of its own: the columns the community's exporters write, assumed). */
export const BACKLOGGD_EXPORT = String.raw`Game,Platform,Status,Rating,Review,Date Added
Elden Ring,PC,Completed,4.5,,2022-03-01
Hades,PC,Playing,5,"So good, again",2022-04-01
Celeste,Switch,Backlog,,,2022-05-01
Outer Wilds,PC,Wishlist,,,2022-06-01
Cyberpunk 2077,PC,Abandoned,2,,2022-07-01
Dead Cells,PC,Shelved,3.5,,2022-08-01
Portal 2,PC,Retired,0.5,,2022-09-01
Stardew Valley,PC,Played,NaN,,2022-10-01
Hollow Knight,PC,Completed,11,,2022-11-01
ELDEN RING,PS5,Wishlist,1,,2022-12-01
`;

/** Steam's IPlayerService/GetOwnedGames answer with include_appinfo (playtime_forever in minutes). */
export const STEAM_OWNED_GAMES = String.raw`{
  "response": {
    "game_count": 3,
    "games": [
      { "appid": 1145360, "name": "Hades", "playtime_forever": 4210, "img_icon_url": "a", "has_community_visible_stats": true },
      { "appid": 504230, "name": "Celeste", "playtime_forever": 0, "img_icon_url": "b" },
      { "appid": 620, "name": "Portal 2", "playtime_2weeks": 0, "playtime_forever": 31, "img_icon_url": "c" }
    ]
  }
}
`;
